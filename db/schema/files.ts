import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { submissions } from "./forms";

/**
 * Files sent to file-upload fields (server/uploads/). A row is written as the file arrives,
 * before its submission exists (`submission_id` null); the storing statement links it
 * (server/services/submissions/create-submission.ts). The bytes live in storage under
 * `storage_key`: a row without a submission is an upload that never completed one, or the
 * file of a deleted submission, and the worker's housekeeping removes both (server/uploads/cleanup.ts).
 * No foreign key to the form or organization: a row outlives them until its bytes are removed.
 */
export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey(),
    organizationId: integer("organization_id").notNull(),
    formId: integer("form_id").notNull(),
    submissionId: uuid("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    elementId: text("element_id").notNull(),
    /** The respondent's file name, made safe (server/uploads/file-names.ts). */
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** The type found in the file's content (or the text type it was allowed as). */
    contentType: text("content_type").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("submission_files_submission_idx").on(t.submissionId),
    index("submission_files_org_form_idx").on(t.organizationId, t.formId),
    index("submission_files_unlinked_idx")
      .on(t.createdAt)
      .where(sql`${t.submissionId} is null`),
  ],
);

export type SubmissionFile = typeof submissionFiles.$inferSelect;
