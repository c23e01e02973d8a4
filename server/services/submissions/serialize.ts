import "server-only";
import { z } from "zod";
import type { Form, Submission } from "@/db/schema";
import { dataByLabel } from "./by-label";

/*
 * The shapes a submission is answered in, one place each: its schema (what the OpenAPI
 * documents and tRPC check) beside the function that makes it.
 */

/** v2 submission (`GET /api/v2/submissions/{id}`, and each item of `GET /api/v2/submissions`). */
export const ZV2Submission = z.object({
  id: z.string().describe("Submission UUID"),
  formId: z.string().describe("UUID of the owning form"),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "Submitted data keyed by element id. Choice fields hold option `value`s (an array for multi-select such as " +
        "multiple-checkbox and ranking); matrix `{rowId: {colId: value}}`; repeat-field `[{componentId: value}]`; " +
        "name/address `{fixedname: value}`; file-upload `[{name, size, contentType, url}]`, where `url` downloads the file " +
        "(signed, valid 15 minutes from this answer).",
    ),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  status: z
    .enum(["completed", "partial"])
    .optional()
    .describe("Only with `include_partial=true`: `partial` for the answers so far of a multi-page form, else `completed`"),
});

export type V2Submission = z.infer<typeof ZV2Submission>;

/** `formId` is the owning form's UUID; `data` keyed by element id. */
export function toV2Submission(s: Pick<Submission, "id" | "data" | "createdAt" | "updatedAt">, formUuid: string): V2Submission {
  return {
    id: s.id,
    formId: formUuid,
    data: s.data,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** v1 submission (`GET /api/v1/submissions/{id}`, and each item of `GET /api/v1/submissions`). */
export const ZV1Submission = z.object({
  id: z.string().describe("Submission UUID"),
  spam: z.boolean().describe("Whether the submission was marked as spam"),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "Submitted values keyed by field label, in the form's order; only answered fields. Values as in v2 (choice fields " +
        "hold option `value`s, an array for multi-select; matrix `{rowId: {colId: value}}`; repeat-field " +
        "`[{componentId: value}]`, file-upload `[{name, size, contentType, url}]` with a link signed for 15 minutes) " +
        "except name/address, keyed by their sub-fields' labels. A label already used by an " +
        "earlier field is written `Label (elementId)`; a blank label is the element id; values of fields the form no " +
        "longer has are kept under their element id.",
    ),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601: when the submission was last changed (its answers or its spam flag)"),
});

export type V1Submission = z.infer<typeof ZV1Submission>;

/** `data` keyed by field label (see dataByLabel). */
export function toV1Submission(
  s: Pick<Submission, "id" | "spam" | "data" | "createdAt" | "updatedAt">,
  form: Pick<Form, "elements">,
): V1Submission {
  return {
    id: s.id,
    spam: s.spam,
    data: dataByLabel(form.elements, s.data),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** A submission as the dashboard gets it (tRPC without a transformer: instants as ISO text). */
export const ZDashboardSubmission = z.object({
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  spam: z.boolean(),
  duration: z.number().int().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});

export type DashboardSubmission = z.infer<typeof ZDashboardSubmission>;

export function toDashboardSubmission(
  s: Pick<Submission, "id" | "data" | "spam" | "duration" | "createdAt" | "updatedAt">,
): DashboardSubmission {
  return {
    id: s.id,
    data: s.data,
    spam: s.spam,
    duration: s.duration,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
