import type { FormElement } from "@/db/schema";
import { AppError } from "@/server/errors";

/** A form file for import (admin CLI, tests): see README "Form files". */
export type ImportedSubmission = {
  data: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
  duration?: number;
  spam?: boolean;
};
export type FormDefinition = { name: string; elements: FormElement[]; submissions: ImportedSubmission[] };

/**
 * Validates a form file and returns it typed. Throws AppError BAD_REQUEST whose message says
 * where the problem is (e.g. `elements[2].options[0].id is required`).
 * TODO(placeholder): full validation of every element type lands with the admin CLI work.
 */
export function parseFormDefinition(input: unknown): FormDefinition {
  if (!input || typeof input !== "object") throw new AppError("BAD_REQUEST", "the form file must be a JSON object");
  const o = input as Record<string, unknown>;
  if (typeof o.name !== "string" || !o.name.trim()) throw new AppError("BAD_REQUEST", "name is required");
  if (!Array.isArray(o.elements)) throw new AppError("BAD_REQUEST", "elements must be an array");
  return {
    name: o.name,
    elements: o.elements as FormElement[],
    submissions: Array.isArray(o.submissions) ? (o.submissions as ImportedSubmission[]) : [],
  };
}
