import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { mailMessages } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { MAIL_CHANNEL } from "../outbox";
import { findMailLogRow, mailLogFilter, type MailLogRow } from "./mail-log";
import { countManualSend, resendRefusal } from "./rules";

const MAIL_NOT_FOUND = "Message not found";

/**
 * Sends a message of the organization's log again: pending now, and the workers woken. A
 * sent, failed, unsent or capped message gets a new attempt (with the retries its schedule
 * has left; one when it had used them up); a pending one is moved to now. One being sent
 * this moment is left to that attempt. 404 for a message the organization does not see; 422
 * for one that carried a one-time link (resendRefusal).
 */
export async function resendMail(db: DbOrTx, organizationId: number, id: string): Promise<MailLogRow> {
  const found = await findMailLogRow(db, organizationId, id);
  if (!found) throw new AppError("NOT_FOUND", MAIL_NOT_FOUND);
  const refusal = resendRefusal(found.kind);
  if (refusal) throw new AppError("UNPROCESSABLE", refusal);
  await countManualSend(db, organizationId);
  await db.execute(sql`
    with requeued as (
      update ${mailMessages} set status = 'pending', next_attempt_at = now()
      where ${and(eq(mailMessages.id, found.id), mailLogFilter(organizationId), isNull(mailMessages.lockedBy))}
      returning 1
    )
    select pg_notify(${MAIL_CHANNEL}, '') from (select 1 from requeued limit 1) one`);
  return (await findMailLogRow(db, organizationId, found.id))!;
}
