import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { ACCOUNT_LINK_MINUTES } from "@/lib/account-rules";
import { AppError } from "@/lib/errors";
import { queueMail } from "@/server/mail/enqueue";
import { countHitSql } from "@/server/services/lib/rate-limit";
import { passwordResetUrl } from "@/server/urls";
import { accountLinkTokenHash, newAccountLinkToken } from "./account-links";
import { hashPassword } from "./passwords";

/**
 * Password reset by mail. Asking for a link answers alike whether the address has an account
 * or not, and does the same work either way up to the mail: one statement counts the request
 * and inserts a token only if the account exists; the mail is queued in the same transaction.
 * What only a real account causes is one small insert, and the mail worker, which (in every web
 * process) wakes on the commit and sends the message at once, taking this process's time while
 * the answer is on its way. So the answer waits until RESET_ANSWER_MS have passed since the
 * request came, whatever happened: both kinds of address take that long. Links work once, for
 * ACCOUNT_LINK_MINUTES; using one ends every session of the account and every other link.
 */

/** Reset links one address may be sent per hour, and that one client (server/http/client-address.ts) may ask for. */
export const RESETS_PER_ADDRESS = 5;
export const RESETS_PER_CLIENT = 20;
const RESET_WINDOW_S = 60 * 60;
/** The time every answer takes at least: well past the work and the send it may cause (tens of ms). */
export const RESET_ANSWER_MS = 300;

/** Which limit a request went over, the address's first; null when it may go on. */
export function resetRequestRefusal(counts: { address: number; client: number }): "address" | "client" | null {
  if (counts.address > RESETS_PER_ADDRESS) return "address";
  if (counts.client > RESETS_PER_CLIENT) return "client";
  return null;
}

const REFUSALS = {
  address: "Too many reset links were asked for this address. Please try again in an hour.",
  client: "Too many reset links were asked for from your network. Please try again in an hour.",
} as const;

export const RESET_LINK_GONE = "This reset link has expired or was already used. Ask for a new one.";

/**
 * CTEs `target` (the account with `email`, when `allowed`) and `issued` (a new token for it,
 * its own expired ones purged). Addresses are stored lower-cased; `email` must be too.
 */
const issueTokenCtes = (email: string, tokenHash: string, allowed: SQL) => sql`
  target as (select id, email from users where email = ${email} and ${allowed}),
  purged as (delete from password_reset_tokens where user_id in (select id from target) and expires_at < now()),
  issued as (
    insert into password_reset_tokens (token_hash, user_id, expires_at)
    select ${tokenHash}, id, now() + make_interval(mins => ${ACCOUNT_LINK_MINUTES}) from target
    returning user_id, expires_at
  )`;

/** Keys by a hash of the address, whether it has an account or not: counters store no address. */
const addressKey = (email: string) => `reset:address:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;

/**
 * "Forgot password": mails a reset link to `email` if an account uses it; nothing otherwise,
 * with the same answer. Over a limit it is a 429 (for an unknown address too).
 */
export async function requestPasswordReset(db: Db, request: { email: string; client: string }): Promise<void> {
  const started = performance.now();
  try {
    await issuePasswordReset(db, request);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, RESET_ANSWER_MS - (performance.now() - started))));
  }
}

async function issuePasswordReset(db: Db, request: { email: string; client: string }): Promise<void> {
  const email = request.email.trim().toLowerCase();
  const { token, tokenHash } = newAccountLinkToken();
  const byAddress = addressKey(email);
  const byClient = `reset:client:${request.client}`;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.execute<{ address: number; client: number; reset_s: number; user_id: number | null; email: string | null }>(sql`
      with hits as (${countHitSql(sql`select unnest(array[${byAddress}::text, ${byClient}::text]) as key`, RESET_WINDOW_S)}),
      counts as (
        select max(h.count) filter (where h.key = ${byAddress}) as address, max(h.count) filter (where h.key = ${byClient}) as client,
          max(h.reset_s) as reset_s
        from hits h
      ),
      ${issueTokenCtes(email, tokenHash, sql`(select address <= ${RESETS_PER_ADDRESS} and client <= ${RESETS_PER_CLIENT} from counts)`)}
      select c.address, c.client, c.reset_s, t.id as user_id, t.email
      from counts c left join issued i on true left join target t on t.id = i.user_id`);
    if (row?.user_id && row.email) {
      await queueMail(tx, {
        kind: "password_reset",
        to: row.email,
        subject: "Reset your Formhouse password",
        content: { secret: { link: passwordResetUrl(token) } },
        idempotencyKey: `password_reset:${tokenHash}`,
        userId: row.user_id,
        organizationId: null,
      });
    }
    return row!;
  });
  const refused = resetRequestRefusal(outcome);
  if (refused) {
    throw new AppError("TOO_MANY_REQUESTS", REFUSALS[refused], { headers: { "Retry-After": String(Math.max(1, outcome.reset_s)) } });
  }
}

/**
 * A reset link for the account with `email`, for an operator (`npm run admin -- reset-link`):
 * no mail, no limit. Null when no account uses the address.
 */
export async function createPasswordResetLink(db: DbOrTx, email: string): Promise<{ link: string; expiresAt: string } | null> {
  const { token, tokenHash } = newAccountLinkToken();
  const [row] = await db.execute<{ expires_at: Date | string }>(sql`
    with ${issueTokenCtes(email.trim().toLowerCase(), tokenHash, sql`true`)}
    select expires_at from issued`);
  return row ? { link: passwordResetUrl(token), expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/** Whether the link's token can still set a password (the page asks before showing its form). */
export async function isPasswordResetUsable(db: DbOrTx, token: string): Promise<boolean> {
  const tokenHash = accountLinkTokenHash(token);
  if (!tokenHash) return false;
  const rows = await db.execute(sql`
    select 1 from password_reset_tokens where token_hash = ${tokenHash} and used_at is null and expires_at > now()`);
  return rows.length > 0;
}

/**
 * Sets a new password with a reset link's token, in one statement: the token is used, every
 * session of the account ends (whoever had the old password is out), its other reset links
 * and pending email changes are void (one an intruder asked for must not outlive the reset).
 * Answers the account's email, with which the page then signs in. A used, expired or unknown
 * token is GONE (tRPC has no 410: PRECONDITION_FAILED).
 */
export async function resetPassword(db: DbOrTx, input: { token: string; newPassword: string }): Promise<{ email: string; userId: number }> {
  // Checked first, so a made-up token costs no password hashing.
  const tokenHash = accountLinkTokenHash(input.token);
  if (!tokenHash || !(await isPasswordResetUsable(db, input.token))) throw new AppError("GONE", RESET_LINK_GONE);
  const passwordHash = await hashPassword(input.newPassword);
  const [row] = await db.execute<{ email: string; id: number }>(sql`
    with claimed as (
      update password_reset_tokens set used_at = now()
      where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      returning user_id
    ), changed as (
      update users u set password_hash = ${passwordHash} from claimed c where u.id = c.user_id returning u.id, u.email
    ), ended as (
      delete from user_sessions where user_id in (select id from changed)
    ), other_links as (
      update password_reset_tokens set used_at = now()
      where user_id in (select id from changed) and used_at is null and token_hash <> ${tokenHash}
    ), email_changes as (
      update email_change_requests set used_at = now() where user_id in (select id from changed) and used_at is null
    )
    select email, id from changed`);
  // Used by a second tab in between.
  if (!row) throw new AppError("GONE", RESET_LINK_GONE);
  return { email: row.email, userId: row.id };
}
