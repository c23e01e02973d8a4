import { index, integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./columns";
import { organizations, users } from "./organizations";

/**
 * Signed-in sessions. The session cookie (a JWT) carries the row's id; a session is valid
 * only while its row exists and has not expired, so signing out (deleting the row) ends it
 * on the server, for every copy of the cookie.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsTo("user_id", () => users.id),
    /**
     * The organization the session works in (switched by `account.switchOrganization`); the
     * session counts only while the user is a member of it (server/auth/sessions.ts).
     */
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** Slides forward while the session is used (see server/auth/sessions.ts). */
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_sessions_user_idx").on(t.userId),
    index("user_sessions_expires_idx").on(t.expiresAt),
    index("user_sessions_org_idx").on(t.organizationId),
  ],
);

export type UserSession = typeof userSessions.$inferSelect;
