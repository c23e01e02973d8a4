import { relations, sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz, updatedAt } from "./columns";
import type { FormElement, FormSettings } from "./elements";
import { organizations } from "./organizations";

export const forms = pgTable(
  "forms",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    name: text("name").notNull(),
    elements: jsonb("elements").$type<FormElement[]>().notNull().default([]),
    published: boolean("published").notNull().default(false),
    /**
     * The builder's working copy of `elements`; null when there are no unpublished changes.
     * Surveys and every API serve `elements` only, so editing never breaks a live form.
     */
    draftElements: jsonb("draft_elements").$type<FormElement[]>(),
    /** The form's description and endings (lib/forms/definition.ts); `{}` for a form without them. */
    settings: jsonb("settings").$type<FormSettings>().notNull().default({}),
    /** The builder's working copy of `settings`, like `draft_elements`. */
    draftSettings: jsonb("draft_settings").$type<FormSettings>(),
    /** Bumped by every builder write (save, publish, discard): two tabs cannot silently overwrite each other. */
    draftRevision: integer("draft_revision").notNull().default(0),
    /** Set when the form is moved to the trash; trashed forms are hidden from every API. */
    trashedAt: timestamptz("trashed_at"),
    /** Kept exact in the same transaction as every submission insert/delete. */
    submissionsCount: integer("submissions_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("forms_org_id_idx").on(t.organizationId, t.id),
    index("forms_org_updated_idx")
      .on(t.organizationId, t.updatedAt.desc())
      .where(sql`${t.trashedAt} is null`),
  ],
);

export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: belongsTo("form_id", () => forms.id),
    /** Denormalised so every query can carry the tenant filter without a join. */
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** Keyed by element id, values in the v2 shape (ZV2Submission's `data`, server/services/submissions/serialize.ts). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    spam: boolean("spam").notNull().default(false),
    /** Seconds the respondent took; null when unknown. */
    duration: integer("duration"),
    uniqueLinkId: uuid("unique_link_id"),
    /**
     * The signature of the survey page's start token whose form post stored this row: the same
     * post sent again (a reload, Back and Submit, a double click without JavaScript) stores nothing.
     */
    postKey: text("post_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("submissions_form_created_idx").on(t.formId, t.createdAt, t.id),
    index("submissions_form_updated_idx").on(t.formId, t.updatedAt, t.id),
    index("submissions_form_duration_idx").on(t.formId, t.duration, t.id),
    // Equality / containment filters (`data @> {...}`) on any element.
    index("submissions_data_gin_idx").using("gin", t.data.op("jsonb_path_ops")),
    // The submission a unique link produced (the dashboard's link details); most rows have no link.
    index("submissions_unique_link_idx")
      .on(t.uniqueLinkId)
      .where(sql`${t.uniqueLinkId} is not null`),
    uniqueIndex("submissions_post_key_idx")
      .on(t.formId, t.postKey)
      .where(sql`${t.postKey} is not null`),
  ],
);

export const formsRelations = relations(forms, ({ one, many }) => ({
  organization: one(organizations, { fields: [forms.organizationId], references: [organizations.id] }),
  submissions: many(submissions),
}));
export const submissionsRelations = relations(submissions, ({ one }) => ({
  form: one(forms, { fields: [submissions.formId], references: [forms.id] }),
}));

export type Form = typeof forms.$inferSelect;
export type NewForm = typeof forms.$inferInsert;
export type Submission = typeof submissions.$inferSelect;
export type NewSubmission = typeof submissions.$inferInsert;
