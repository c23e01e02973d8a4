import { index, pgTable, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./columns";
import { users } from "./organizations";

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
    /** Slides forward while the session is used (see server/auth/sessions.ts). */
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId), index("user_sessions_expires_idx").on(t.expiresAt)],
);

export type UserSession = typeof userSessions.$inferSelect;
