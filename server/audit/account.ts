import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { AuditAction } from "@/lib/audit-actions";
import { requestOrigin } from "./actor";
import type { AuditMetadata } from "./record";

/**
 * An account's own event (sign-in, sign-out, password, email), written once to every
 * organization the user belongs to: their admins see what happened to a member's account.
 * The user is named by id, or by the email typed at a failed sign-in (an address that is no
 * account writes nothing: no organization's log is the place for it). The user is both actor
 * and target, labelled with the email the account has at that moment.
 */
export async function recordAccountAudit(
  tx: DbOrTx,
  headers: Headers,
  user: { userId: number } | { email: string },
  action: AuditAction,
  metadata: AuditMetadata = {},
): Promise<void> {
  const { ip, userAgent } = requestOrigin(headers);
  const who = "userId" in user ? sql`u.id = ${user.userId}` : sql`u.email = ${user.email.trim().toLowerCase()}`;
  await tx.execute(sql`
    insert into audit_events
      (organization_id, actor_type, actor_id, actor_label, action, target_type, target_id, target_label, ip, user_agent, metadata)
    select m.organization_id, 'user', u.id::text, u.email, ${action}, 'user', u.id::text, u.email, ${ip}, ${userAgent},
      ${JSON.stringify(metadata)}::jsonb
    from users u join memberships m on m.user_id = u.id
    where ${who}`);
}
