import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/db";
import { mailMessages } from "@/db/schema";
import { env } from "@/server/env";
import { currentLease } from "@/server/outbox/runtime";
import { loadClaimedMail } from "../outbox";
import { mailEngine } from "../runtime";
import { attemptMail } from "../send";
import type { MailContent } from "../templates/messages";
import { createMailTransport } from "../transport";
import { findMailLogRow, type MailLogRow } from "./mail-log";
import type { MailManager } from "./manager";
import { countManualSend } from "./rules";

const TEST_SUBJECT = "Formhouse test message";

/**
 * Sends a test message to the manager's own address now, in this request, and answers its
 * row with the outcome: sent with the server's reply, failed with the server's own error
 * ("535 …"), or not sent while mail is off. One attempt, no retries; it is logged like any
 * other message and can be resent by hand.
 *
 * The row is written already claimed by this process's lease, so no worker takes it
 * meanwhile. The attempt goes over a connection of its own, not the workers' pool: a pooled
 * connection that logged in before the password changed would hide a wrong one.
 */
export async function sendTestMail(db: Db, manager: MailManager): Promise<MailLogRow> {
  await countManualSend(db, manager.organizationId);
  const transport = createMailTransport(env(), { pooled: false });
  try {
    const lease = await currentLease();
    const now = new Date();
    const content: MailContent["test"] = { transport: transport?.description ?? "no mail server" };
    const [row] = await db
      .insert(mailMessages)
      .values({
        organizationId: manager.organizationId,
        userId: manager.userId,
        kind: "test",
        toAddress: manager.email,
        subject: TEST_SUBJECT,
        content,
        idempotencyKey: `test:${randomUUID()}`,
        lockedBy: lease.key,
        lockedAt: now,
        createdAt: now,
      })
      .returning({ id: mailMessages.id });
    const engine = { ...mailEngine(), transport, schedule: [] };
    const claimed = await loadClaimedMail(engine.db, lease.key, row!.id);
    if (claimed) await attemptMail(engine, lease.key, claimed);
    return (await findMailLogRow(db, manager.organizationId, row!.id))!;
  } finally {
    transport?.close();
  }
}
