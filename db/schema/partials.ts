import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz, updatedAt } from "./columns";
import { forms } from "./forms";
import { organizations } from "./organizations";

/**
 * Answers so far of a multi-page form, one row per respondent and form, updated in place at
 * every completed step (server/services/survey/partial-responses.ts). Not submissions: no list,
 * export, webhook, notification or count sees them; `GET /api/v2/submissions?include_partial=true`
 * and the dashboard's drop-off funnel do. Pruned after PARTIAL_RETENTION_DAYS.
 */
export const partialResponses = pgTable(
  "partial_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: belongsTo("form_id", () => forms.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** Who: `c:<browser cookie id>` or `l:<unique link id>` (a link resumes on any device). */
    respondentKey: text("respondent_key").notNull(),
    /** Checked answers through the last completed step, in the v2 shape. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The posted form values, to fill the form again on resume. */
    formValues: jsonb("form_values").$type<Record<string, unknown>>().notNull(),
    /** The page to resume on, and the furthest page reached (the funnel counts it). */
    page: integer("page").notNull(),
    furthestPage: integer("furthest_page").notNull(),
    /** Set by the submit that finished it (in the storing statement); a finished one is no longer a partial. */
    completedAt: timestamptz("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("partial_responses_respondent_idx").on(t.formId, t.respondentKey),
    index("partial_responses_org_form_idx")
      .on(t.organizationId, t.formId, t.updatedAt.desc())
      .where(sql`${t.completedAt} is null`),
    index("partial_responses_updated_idx").on(t.updatedAt),
  ],
);

export type PartialResponse = typeof partialResponses.$inferSelect;

/**
 * A mailed link to continue a partial response later ("Save and continue later",
 * server/services/survey/resume-links.ts). The token is shown once, in the mail, and kept as
 * its SHA-256. It works until `expires_at` and while its partial is the unfinished response it
 * was made for: `partial_started_at` is the partial's `created_at` then, which a finished
 * partial's next start renews, so a finished response's link opens nothing.
 */
export const resumeLinks = pgTable(
  "resume_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    partialId: uuid("partial_id")
      .notNull()
      .references(() => partialResponses.id, { onDelete: "cascade" }),
    formId: belongsTo("form_id", () => forms.id),
    partialStartedAt: timestamptz("partial_started_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("resume_links_partial_idx").on(t.partialId), index("resume_links_expires_idx").on(t.expiresAt)],
);
