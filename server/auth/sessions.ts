import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { userSessions } from "@/db/schema";
import type { MemberGrant } from "@/lib/permissions";
import { UUID_RE } from "@/lib/values/ids";

/**
 * Server-side sessions behind the session cookie. The cookie (next-auth's JWT) names a
 * `user_sessions` row; the session lasts while the row does. Signing out deletes it, so a
 * copy of the old cookie is worth nothing. Sessions last SESSION_DAYS from their last use,
 * like the cookie itself; the row's expiry moves forward at most once a day. (Ending a user's
 * other sessions, e.g. on a password change, is a delete by user_id.) A session works in one
 * organization at a time (`organization_id`), and counts only while its user is a member of it:
 * removing a member ends their sessions there on their next request.
 */
export const SESSION_DAYS = 30;

/**
 * A new session for a user who just signed in; its id goes into the cookie. It works in
 * `organizationId`, or without one in the user's first organization.
 */
export async function startSession(db: DbOrTx, userId: number, organizationId?: number): Promise<string> {
  const organization =
    organizationId ?? sql`(select organization_id from memberships where user_id = ${userId} order by created_at, organization_id limit 1)`;
  // Sign-ins are where sessions come from, so they also clear out expired ones.
  const [row] = await db.execute<{ id: string }>(sql`
    with purged as (
      delete from user_sessions where id in (
        select id from user_sessions where expires_at < now() limit 500 for update skip locked
      )
    )
    insert into user_sessions (user_id, organization_id, expires_at)
    values (${userId}, ${organization}, now() + make_interval(days => ${SESSION_DAYS}))
    returning id`);
  return row!.id;
}

/**
 * A session that is on: the organization it works in and the user's membership there (null when
 * it is gone: the dashboard then answers 401, and pages ask to sign in again).
 */
export type ActiveSession = { organizationId: number; member: MemberGrant | null };

/**
 * The session, if still on for this user, with their membership in its organization (one
 * statement); slides its expiry when a day has passed. Null: signed out or expired (removing a
 * member deletes their sessions in the organization).
 */
export async function activeSession(db: DbOrTx, sessionId: unknown, userId: number): Promise<ActiveSession | null> {
  if (typeof sessionId !== "string" || !UUID_RE.test(sessionId)) return null;
  const rows = await db.execute<{ organization_id: number; role: MemberGrant["role"] | null; form_ids: number[] | null }>(sql`
    with s as (
      select id, expires_at, organization_id from user_sessions where id = ${sessionId} and user_id = ${userId} and expires_at > now()
    ), slid as (
      update user_sessions u set expires_at = now() + make_interval(days => ${SESSION_DAYS})
      from s where u.id = s.id and s.expires_at < now() + make_interval(days => ${SESSION_DAYS - 1})
      returning 1
    )
    select s.organization_id, m.role, m.form_ids
    from s left join memberships m on m.user_id = ${userId} and m.organization_id = s.organization_id
    where s.organization_id is not null`);
  const row = rows[0];
  if (!row) return null;
  return { organizationId: row.organization_id, member: row.role ? { role: row.role, formIds: row.form_ids } : null };
}

/** Moves the session to another organization of its user; false when they are not a member of it. */
export async function switchSessionOrganization(db: DbOrTx, sessionId: string, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update user_sessions set organization_id = ${organizationId}
    where id = ${sessionId} and user_id = ${userId}
      and exists (select 1 from memberships where user_id = ${userId} and organization_id = ${organizationId})
    returning 1`);
  return rows.length > 0;
}

/** Ends one session (sign-out). */
export async function endSession(db: DbOrTx, sessionId: unknown): Promise<void> {
  if (typeof sessionId !== "string" || !UUID_RE.test(sessionId)) return;
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}
