import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { userSessions } from "@/db/schema";
import { UUID_RE } from "@/lib/values/ids";

/**
 * Server-side sessions behind the session cookie. The cookie (next-auth's JWT) names a
 * `user_sessions` row; the session lasts while the row does. Signing out deletes it, so a
 * copy of the old cookie is worth nothing. Sessions last SESSION_DAYS from their last use,
 * like the cookie itself; the row's expiry moves forward at most once a day. (Ending a user's
 * other sessions, e.g. on a password change, is a delete by user_id.)
 */
export const SESSION_DAYS = 30;

/** A new session for a user who just signed in; its id goes into the cookie. */
export async function startSession(db: DbOrTx, userId: number): Promise<string> {
  // Sign-ins are where sessions come from, so they also clear out expired ones.
  const [row] = await db.execute<{ id: string }>(sql`
    with purged as (
      delete from user_sessions where id in (
        select id from user_sessions where expires_at < now() limit 500 for update skip locked
      )
    )
    insert into user_sessions (user_id, expires_at) values (${userId}, now() + make_interval(days => ${SESSION_DAYS}))
    returning id`);
  return row!.id;
}

/** Whether the session is still on for this user; slides its expiry when a day has passed. */
export async function isSessionActive(db: DbOrTx, sessionId: unknown, userId: number): Promise<boolean> {
  if (typeof sessionId !== "string" || !UUID_RE.test(sessionId)) return false;
  const rows = await db.execute<{ active: boolean }>(sql`
    with s as (
      select id, expires_at from user_sessions where id = ${sessionId} and user_id = ${userId} and expires_at > now()
    ), slid as (
      update user_sessions u set expires_at = now() + make_interval(days => ${SESSION_DAYS})
      from s where u.id = s.id and s.expires_at < now() + make_interval(days => ${SESSION_DAYS - 1})
      returning 1
    )
    select exists (select 1 from s) as active`);
  return rows[0]?.active === true;
}

/** Ends one session (sign-out). */
export async function endSession(db: DbOrTx, sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || !UUID_RE.test(sessionId)) return;
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}
