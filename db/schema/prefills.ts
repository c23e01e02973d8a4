import { relations } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz, updatedAt } from "./columns";
import { forms } from "./forms";
import { organizations } from "./organizations";

export type PrefillValue = { id: string; value: unknown };

export const prefills = pgTable(
  "prefills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: belongsTo("form_id", () => forms.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    name: text("name").notNull(),
    /** `[{id, value}]` as given, after validation against the form's elements. */
    data: jsonb("data").$type<PrefillValue[]>().notNull().default([]),
    /** Resolved extras per element (e.g. phone country + national number) for survey pages. */
    resolved: jsonb("resolved").$type<Record<string, unknown>>().notNull().default({}),
    /** True for prefills created for a unique link; hidden from the prefill list by default. */
    forUniqueLink: boolean("for_unique_link").notNull().default(false),
    /** Creation order, also within one bulk insert (where created_at is the same): lists sort by it. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index("prefills_form_seq_idx").on(t.formId, t.seq)],
);

export const uniqueLinks = pgTable(
  "unique_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: belongsTo("form_id", () => forms.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    entryName: text("entry_name").notNull(),
    status: text("status", { enum: ["pending", "in_progress", "completed"] })
      .notNull()
      .default("pending"),
    active: boolean("active").notNull().default(true),
    expiresAt: timestamptz("expires_at"),
    prefillId: uuid("prefill_id").references(() => prefills.id, { onDelete: "set null" }),
    /** Creation order, also within one bulk insert (where created_at is the same): lists sort by it. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // entry_name is unique per form, also between concurrent requests.
    uniqueIndex("unique_links_form_entry_name_uq").on(t.formId, t.entryName),
    index("unique_links_form_seq_idx").on(t.formId, t.seq),
  ],
);

export const prefillsRelations = relations(prefills, ({ one }) => ({
  form: one(forms, { fields: [prefills.formId], references: [forms.id] }),
}));
export const uniqueLinksRelations = relations(uniqueLinks, ({ one }) => ({
  form: one(forms, { fields: [uniqueLinks.formId], references: [forms.id] }),
  prefill: one(prefills, { fields: [uniqueLinks.prefillId], references: [prefills.id] }),
}));

export type Prefill = typeof prefills.$inferSelect;
export type NewPrefill = typeof prefills.$inferInsert;
export type UniqueLink = typeof uniqueLinks.$inferSelect;
export type NewUniqueLink = typeof uniqueLinks.$inferInsert;
