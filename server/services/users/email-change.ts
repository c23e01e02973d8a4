import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ACCOUNT_LINK_MINUTES } from "@/lib/account-rules";
import { AppError } from "@/lib/errors";
import { queueMail } from "@/server/mail/enqueue";
import { isUniqueViolation } from "@/server/services/lib/db-errors";
import { hitRateLimit } from "@/server/services/lib/rate-limit";
import { confirmEmailUrl } from "@/server/urls";
import { accountLinkTokenHash, newAccountLinkToken } from "./account-links";

/**
 * A new sign-in email confirmed by a link mailed to it (when a mail server is configured:
 * update-account.ts says why). The link works once, for ACCOUNT_LINK_MINUTES; opening it
 * changes the email, voids the account's other pending changes and tells the old address.
 */

/** Confirmation mails one account may have sent per hour: each goes to an address of the user's choosing. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const EMAIL_LINK_GONE = "This confirmation link has expired or was already used. Change your email on the Account page again.";

/** Counts an email change request of the user; past the limit it is a 429 at the email field. */
export async function throttleEmailChange(db: DbOrTx, userId: number): Promise<void> {
  const hit = await hitRateLimit(db, `email-change:user:${userId}`, EMAIL_CHANGES_PER_HOUR, 60 * 60);
  if (hit.exceeded) {
    throw new AppError("TOO_MANY_REQUESTS", "Too many confirmation links were sent for this account. Please try again in an hour.", {
      headers: { "Retry-After": String(hit.resetSeconds) },
      path: ["email"],
      reason: "was changed too often",
    });
  }
}

/**
 * Inside the caller's transaction: a pending change of the user's email to `newEmail` and the
 * mail with its link to that address (the account's own expired requests are purged).
 */
export async function requestEmailChange(tx: DbOrTx, userId: number, newEmail: string): Promise<void> {
  const { token, tokenHash } = newAccountLinkToken();
  await tx.execute(sql`
    with purged as (delete from email_change_requests where user_id = ${userId} and expires_at < now())
    insert into email_change_requests (token_hash, user_id, new_email, expires_at)
    values (${tokenHash}, ${userId}, ${newEmail}, now() + make_interval(mins => ${ACCOUNT_LINK_MINUTES}))`);
  await queueMail(tx, {
    kind: "email_change",
    to: newEmail,
    subject: "Confirm your new Formhouse email",
    content: { newEmail, secret: { link: confirmEmailUrl(token) } },
    idempotencyKey: `email_change:${tokenHash}`,
    userId,
    organizationId: null,
  });
}

/**
 * Opens a confirmation link: the account's email becomes the new one, and the old address is
 * told in the same transaction. Answers the new email, also when this link already made the
 * change (a second click, or a mail scanner that opened it first). A link whose address another
 * account took meanwhile is a 409 and stays unused; a used, expired or unknown one is GONE.
 */
export async function confirmEmailChange(
  db: DbOrTx,
  token: string,
): Promise<{ email: string; changed?: { userId: number; from: string; to: string } }> {
  const tokenHash = accountLinkTokenHash(token);
  if (!tokenHash) throw new AppError("GONE", EMAIL_LINK_GONE);
  let changed: { user_id: number; old_email: string; new_email: string } | undefined;
  try {
    changed = await db.transaction(async (tx) => {
      const [row] = await tx.execute<{ user_id: number; old_email: string; new_email: string }>(sql`
        with claimed as (
          update email_change_requests set used_at = now()
          where token_hash = ${tokenHash} and used_at is null and expires_at > now()
          returning user_id, new_email
        ), changed as (
          update users u set email = c.new_email from claimed c, users old
          where u.id = c.user_id and old.id = c.user_id and old.email <> c.new_email
          returning u.id, old.email as old_email, u.email as new_email
        ), others as (
          update email_change_requests set used_at = now()
          where user_id in (select id from changed) and used_at is null and token_hash <> ${tokenHash}
        )
        select id as user_id, old_email, new_email from changed`);
      if (row) {
        await queueMail(tx, {
          kind: "email_changed",
          to: row.old_email,
          subject: "Your Formhouse sign-in email was changed",
          content: { newEmail: row.new_email },
          idempotencyKey: `email_changed:${tokenHash}`,
          userId: row.user_id,
          organizationId: null,
        });
      }
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique")) {
      throw new AppError("CONFLICT", "Another account uses this email now, so yours was not changed.");
    }
    throw err;
  }
  if (changed) return { email: changed.new_email, changed: { userId: changed.user_id, from: changed.old_email, to: changed.new_email } };
  const [already] = await db.execute<{ email: string }>(sql`
    select u.email from email_change_requests r join users u on u.id = r.user_id
    where r.token_hash = ${tokenHash} and u.email = r.new_email`);
  if (already) return { email: already.email };
  throw new AppError("GONE", EMAIL_LINK_GONE);
}
