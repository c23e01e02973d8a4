import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { MailKind } from "@/db/schema";
import type { MailContent } from "./templates/messages";
import { MAIL_CHANNEL } from "./outbox";
import { headerText } from "./header-text";
import { currentRequestId } from "@/server/http/request-id";

export type QueuedMail<K extends MailKind = MailKind> = {
  kind: K;
  to: string;
  subject: string;
  content: MailContent[K];
  /** Names the cause (`password_reset:<token hash>`): a cause queued twice makes one message. */
  idempotencyKey: string;
  organizationId?: number | null;
  userId?: number | null;
  formId?: number | null;
  replyTo?: string | null;
};

/**
 * Queues one message inside the caller's transaction, with a NOTIFY that wakes the workers
 * once it commits: the message and its cause commit together or not at all. Answers the
 * message's id, or null when its cause had already queued one.
 */
export async function queueMail<K extends MailKind>(tx: DbOrTx, m: QueuedMail<K>): Promise<string | null> {
  const [row] = await tx.execute<{ id: string | null }>(sql`
    with queued as (
      insert into mail_messages (organization_id, user_id, form_id, kind, to_address, reply_to, subject, content, idempotency_key,
        request_id)
      values (${m.organizationId ?? null}, ${m.userId ?? null}, ${m.formId ?? null}, ${m.kind}, ${headerText(m.to)},
        ${m.replyTo ? headerText(m.replyTo) : null}, ${headerText(m.subject)}, ${JSON.stringify(m.content)}::jsonb, ${m.idempotencyKey},
        ${currentRequestId() ?? null})
      on conflict (idempotency_key) do nothing
      returning id
    ), notified as (select pg_notify(${MAIL_CHANNEL}, '') from queued)
    select (select id from queued) as id, (select count(*) from notified)::int as notified`);
  return row?.id ?? null;
}
