import { relations } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./columns";

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
    /** What the member may do: lib/permissions.ts is the one table of it. */
    role: text("role", { enum: ["owner", "admin", "editor", "viewer"] })
      .notNull()
      .default("owner"),
    /** An editor or viewer limited to these forms (as a token can be); null: every form. */
    formIds: integer("form_ids").array(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index("memberships_org_idx").on(t.organizationId)],
);

/**
 * Invitations to join an organization with a role. The link's token is 32 random bytes; only
 * its SHA-256 is stored. Single-use (`accepted_at`), revocable (`revoked_at`), valid until
 * `expires_at`; re-sending replaces the token, so the old link is void. One open invitation per
 * address and organization.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    /** Stored lower-cased, like users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "admin", "editor", "viewer"] }).notNull(),
    formIds: integer("form_ids").array(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_open_idx")
      .on(t.organizationId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
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
export type Invitation = typeof invitations.$inferSelect;
