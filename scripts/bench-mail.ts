/**
 * Mail benchmark (part of `npm run bench`; alone with `npm run bench -- --only mail`):
 *   1. A submit to a form with a member's notification and a receipt is still ONE statement
 *      (counted by drizzle's logger), and the in-process store's rate on such a form against a
 *      plain one, back to back (the ingest row's cost of mail).
 *   2. The drain: MAIL_BENCH_MESSAGES (1,000) queued messages sent by one outbox worker
 *      (in-process, MAIL_CONCURRENCY at once) into an SMTP server on loopback, on a database
 *      of its own; messages per second from the first claim to the last row marked sent
 *      (goal: ≥ 100/s).
 */
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { formNotifications, formReceipts, memberships, organizations, users } from "../db/schema";
import { queueMail } from "../server/mail/enqueue";
import { mailQueue } from "../server/mail/queue";
import { createMailTransport } from "../server/mail/transport";
import { LeaseHolder } from "../server/outbox/lease";
import { OutboxWorker } from "../server/outbox/worker";
import { importForm } from "../server/services/forms/import-form";
import { createSubmission } from "../server/services/submissions/create-submission";
import { startLocalSmtp } from "./lib/local-smtp";
import { dropBenchOrganization } from "./lib/bench-teardown";
import { freshDatabase } from "./lib/fresh-database";

const MESSAGES = Number(process.env.MAIL_BENCH_MESSAGES) || 1000;
const DRAIN_GOAL_PER_S = 100;
const CLIENTS = 32;
const SECONDS = 4;

const ELEMENTS = [
  { id: "q_name", label: "Name", type: "short-text", required: true },
  { id: "q_email", label: "Email", type: "email", required: true },
  { id: "q_note", label: "Anything else?", type: "long-text" },
];

/**
 * A form of `orgId` that mails on every response: a member (a new user, removed with the
 * organization's rows by `drop`) asked for each new response, and a receipt with placeholders
 * and a copy of the answers goes to the answer of `emailField`.
 */
export async function formWithMail(db: Db, orgId: number, name: string, elements: unknown[], emailField: string) {
  const [user] = await db
    .insert(users)
    .values({ email: `mail-bench-${randomUUID()}@example.test`, name: "Mail bench", passwordHash: "unusable" })
    .returning({ id: users.id });
  await db.insert(memberships).values({ userId: user!.id, organizationId: orgId, role: "owner" });
  const form = await importForm(db, orgId, { name, elements }, { publish: true });
  await db.insert(formNotifications).values({ userId: user!.id, formId: form.id, mode: "each" });
  const firstLabel = (elements[0] as { label: string }).label;
  await db.insert(formReceipts).values({
    formId: form.id,
    emailField,
    subject: `Thanks, {{${firstLabel}}}`,
    message: `We got your answers, {{${firstLabel}}}.`,
    includeAnswers: true,
    replyToUserId: user!.id,
  });
  return {
    form,
    drop: async () => {
      await db.execute(sql`delete from mail_messages where organization_id = ${orgId}`);
      await db.delete(users).where(eq(users.id, user!.id));
    },
  };
}

export async function runMailBench(db: Db, statements: { n: number }, url: string): Promise<{ failed: boolean }> {
  const store = await storeWithMail(db, statements);
  const drain = await drainRate(url);
  return { failed: !store.ok || !drain.ok };
}

/** One statement per submit with mail, and the store's rate with and without it. */
async function storeWithMail(db: Db, statements: { n: number }): Promise<{ ok: boolean }> {
  const [org] = await db.insert(organizations).values({ name: "mail bench" }).returning({ id: organizations.id });
  const orgId = org!.id;
  const mail = await formWithMail(db, orgId, "Mailed", ELEMENTS, "q_email");
  try {
    const plain = await importForm(db, orgId, { name: "Plain", elements: ELEMENTS }, { publish: true });
    const mailed = mail.form;
    let n = 0;
    const submit = (form: { id: number; uuid: string }, name: string) => () =>
      createSubmission(
        db,
        { ...form, name, elements: ELEMENTS },
        {
          formId: form.id,
          organizationId: orgId,
          data: { q_name: "Ada", q_email: `r${n++ % 5000}@example.test`, q_note: "Hello" },
          duration: 30,
          spam: false,
          uniqueLinkId: null,
        },
      );
    const before = statements.n;
    const outcome = await submit(mailed, "Mailed")();
    const used = statements.n - before;
    const [queued] = await db.execute<{ n: number }>(sql`select count(*)::int as n from mail_messages where form_id = ${mailed.id}`);
    const oneTrip = outcome.kind === "stored" && used === 1 && queued!.n === 2;
    console.log(
      `\nMail: a submit to a form with a notification and a receipt: ${used} statement(s), ${queued!.n} messages queued ` +
        `(goal: 1 statement, 2 messages: ${oneTrip ? "met" : "NOT met"})`,
    );

    const rate = async (store: () => Promise<unknown>) => {
      let done = 0;
      const deadline = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            await store();
            done++;
          }
        }),
      );
      return done / SECONDS;
    };
    const plainRate = await rate(submit(plain, "Plain"));
    const mailedRate = await rate(submit(mailed, "Mailed"));
    const plainAgain = await rate(submit(plain, "Plain"));
    const base = (plainRate + plainAgain) / 2;
    console.log(
      `Store in-process, ${CLIENTS} concurrent (${SECONDS} s each): plain form ${plainRate.toFixed(0)}/s and ${plainAgain.toFixed(0)}/s, ` +
        `with a notification and a receipt ${mailedRate.toFixed(0)}/s (${(mailedRate / base).toFixed(2)}× plain)`,
    );
    return { ok: oneTrip };
  } finally {
    if (process.env.BENCH_KEEP !== "1") {
      await mail.drop();
      await dropBenchOrganization(db, orgId);
    }
  }
}

/** MESSAGES queued, then one in-process worker sends them all into a loopback SMTP server. */
async function drainRate(url: string): Promise<{ ok: boolean }> {
  const database = await freshDatabase(url);
  const smtp = await startLocalSmtp();
  const transport = createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TLS_ALLOW_UNVERIFIED: false });
  const leases = new LeaseHolder(database.db.$client);
  const concurrency = Number(process.env.MAIL_CONCURRENCY) || 10;
  try {
    const [org] = await database.db.insert(organizations).values({ name: "drain" }).returning({ id: organizations.id });
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++) {
        await queueMail(tx, {
          kind: "notification",
          to: `owner-${i}@example.test`,
          subject: `New response: Drain ${i}`,
          content: { formName: "Drain", answers: [{ label: "Name", text: "Ada" }], submissionUrl: "http://localhost/submissions/x" },
          idempotencyKey: `drain:${i}`,
          organizationId: org!.id,
        });
      }
    });
    const engine = {
      db: database.db,
      transport,
      from: "Formhouse <forms@example.test>",
      appUrl: "http://localhost:3000",
      schedule: [1, 1, 1],
      messageIdHost: "localhost",
    };
    const worker = new OutboxWorker(database.db, leases, mailQueue(engine, { concurrency, retentionDays: 30 }), { concurrency });
    const started = performance.now();
    await worker.start();
    for (;;) {
      const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_messages where status = 'sent'`);
      if (row!.n >= MESSAGES || performance.now() - started > 120_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    const perS = MESSAGES / seconds;
    const ok = smtp.received.length === MESSAGES && perS >= DRAIN_GOAL_PER_S;
    console.log(
      `Drain: ${MESSAGES} queued messages into an SMTP server on loopback, one worker (${concurrency} at once): ` +
        `${seconds.toFixed(2)} s, ${perS.toFixed(0)} messages/s, ${smtp.received.length} received ` +
        `(goal: all, ≥ ${DRAIN_GOAL_PER_S}/s: ${ok ? "met" : "NOT met"})`,
    );
    return { ok };
  } finally {
    transport?.close();
    await leases.release();
    await smtp.stop();
    await database.drop();
  }
}
