import { eq } from "drizzle-orm";
import { submissions } from "../../db/schema";
import type { Seed } from "../fixtures";

/**
 * Test data shared by the v1 and v2 submission-list specs: elements of every kind the
 * filters and sorts treat differently, and helpers to name submissions by their `q_tag`.
 */

/** Submission ids of a form by the value of its `q_tag` element. */
export async function idsByTag(seed: Seed, formId: number): Promise<Record<string, string>> {
  const rows = await seed.db.select({ id: submissions.id, data: submissions.data }).from(submissions).where(eq(submissions.formId, formId));
  return Object.fromEntries(rows.map((r) => [String(r.data.q_tag), r.id]));
}

/** An ISO instant in January 2024, so creation order is the day order. */
export const januaryAt = (day: number, hour = 12) => new Date(Date.UTC(2024, 0, day, hour)).toISOString();

export const tagElement = { id: "q_tag", label: "Tag", type: "short-text" };
export const scoreElement = { id: "q_score", label: "Score", type: "number" };
export const visitElement = { id: "q_visit", label: "Visit date", type: "date" };

/** Single choice: values s/m/l, labels Small/Medium/Large. */
export const sizeElement = {
  id: "q_size",
  label: "T-shirt size",
  type: "dropdown",
  options: [
    { id: "opt_s", label: "Small", value: "s" },
    { id: "opt_m", label: "Medium", value: "m" },
    { id: "opt_l", label: "Large", value: "l" },
  ],
};

/** Multi-select: values red/blue/green. */
export const colorsElement = {
  id: "q_colors",
  label: "Colors",
  type: "multiple-checkbox",
  options: [
    { id: "opt_red", label: "Red", value: "red" },
    { id: "opt_blue", label: "Blue", value: "blue" },
    { id: "opt_green", label: "Green", value: "green" },
  ],
};

/** Name element: sub-fields `First name` (first) and `Last name` (last). */
export const fullNameElement = {
  id: "q_name",
  label: "Full name",
  type: "name",
  children: [
    { fixedname: "first", label: "First name", required: true },
    { fixedname: "last", label: "Last name", required: false },
  ],
};

/** Matrix: one row r1, one column c1. */
export const gridElement = {
  id: "q_grid",
  label: "Grid",
  type: "matrix",
  rows: [{ id: "r1", label: "Row" }],
  columns: [{ id: "c1", label: "Col" }],
};
