import { relations } from "drizzle-orm";
import { index, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt } from "./columns";

export const organizations = pgTable("organizations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  /** Stored lower-cased; the unique index makes sign-up race-free. */
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  /** scrypt$<salt>$<hash>, never returned by any procedure. */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  "memberships",
  {
    userId: belongsTo("user_id", () => users.id),
    organizationId: belongsTo("organization_id", () => organizations.id),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("owner"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index("memberships_org_idx").on(t.organizationId)],
);

export const organizationsRelations = relations(organizations, ({ many }) => ({ memberships: many(memberships) }));
export const usersRelations = relations(users, ({ many }) => ({ memberships: many(memberships) }));
export const membershipsRelations = relations(memberships, ({ one }) => ({
  user: one(users, { fields: [memberships.userId], references: [users.id] }),
  organization: one(organizations, { fields: [memberships.organizationId], references: [organizations.id] }),
}));

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Membership = typeof memberships.$inferSelect;
