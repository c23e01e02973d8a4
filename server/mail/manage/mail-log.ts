import "server-only";
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { mailMessages, memberships, type MailStatus } from "@/db/schema";
import { UUID_RE } from "@/lib/values/ids";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";

/**
 * The mail log of an organization: the one place that says which messages it sees. Its own
 * messages (test messages, response notifications, receipts), and its members' account mail
 * (password resets, email changes: organization_id null, user_id the member), since that is
 * what an owner is asked about ("did my reset mail come?"); a member's account mail shows in
 * each organization they belong to, and leaves its log with them. Never a body: the columns
 * read here leave `content` (and its one-time links) out.
 */
export function mailLogFilter(organizationId: number): SQL {
  const members = sql`${mailMessages.userId} in (select ${memberships.userId} from ${memberships}
    where ${memberships.organizationId} = ${organizationId})`;
  return or(eq(mailMessages.organizationId, organizationId), and(isNull(mailMessages.organizationId), members))!;
}

/** What the log shows of a message. */
const LOG_COLUMNS = {
  id: mailMessages.id,
  kind: mailMessages.kind,
  toAddress: mailMessages.toAddress,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastReply: mailMessages.lastReply,
  nextAttemptAt: mailMessages.nextAttemptAt,
  createdAt: mailMessages.createdAt,
  sentAt: mailMessages.sentAt,
};

export type MailLogRow = { [K in keyof typeof LOG_COLUMNS]: (typeof mailMessages.$inferSelect)[K] };

/** A page of the log, newest first, 20 a page, optionally of one status. */
export async function listMailLog(
  db: DbOrTx,
  organizationId: number,
  params: { page: number; status?: MailStatus },
): Promise<{ messages: MailLogRow[]; total: number }> {
  const where = and(mailLogFilter(organizationId), params.status ? eq(mailMessages.status, params.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(LOG_COLUMNS)
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(mailMessages).where(where),
  ]);
  return { messages: rows, total: total?.n ?? 0 };
}

/** One message of the log; null when the id is no message the organization sees. */
export async function findMailLogRow(db: DbOrTx, organizationId: number, id: string): Promise<MailLogRow | null> {
  if (!UUID_RE.test(id.trim())) return null;
  const [row] = await db
    .select(LOG_COLUMNS)
    .from(mailMessages)
    .where(and(mailLogFilter(organizationId), eq(mailMessages.id, id.trim().toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** How many of the log's messages wait for an attempt and how many failed for good. */
export async function countOpenMail(db: DbOrTx, organizationId: number): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailMessages.status, n: count() })
    .from(mailMessages)
    .where(and(mailLogFilter(organizationId), inArray(mailMessages.status, ["pending", "failed"])))
    .groupBy(mailMessages.status);
  const of = (status: MailStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: of("pending"), failed: of("failed") };
}
