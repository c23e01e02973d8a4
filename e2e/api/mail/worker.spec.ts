import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { mailMessages } from "../../../db/schema";
import { queueMail } from "../../../server/mail/enqueue";
import { NOT_CONFIGURED_REPLY } from "../../../server/mail/outbox";
import { startLocalSmtp } from "../../../scripts/lib/local-smtp";
import { expect, test } from "../../fixtures";
import { startWorkerProcess, workerContext, type WorkerContext } from "../worker-process";
import { sleep, waitFor } from "../webhooks/receiver";

/**
 * The mail side of `npm run worker`, on a database of its own (the server under test's worker
 * shares the main one) and an SMTP server of the test's own: an outage is waited out and every
 * message arrives once, a 5xx is final after one attempt, certificates are checked against a
 * private CA, and without a mail server messages are kept as not sent.
 */

type Ctx = WorkerContext;
const newContext = workerContext;

/** `npm run worker` on the context's database, with mail settings of the test's own (no SMTP_URL unless given). */
const startWorker = (ctx: Ctx, env: Record<string, string>) =>
  startWorkerProcess(ctx, { MAIL_FROM: "Formhouse <forms@formhouse.test>", SMTP_URL: "", ...env });

const queueTest = (ctx: Ctx, to: string, key: string) =>
  queueMail(ctx.db, { kind: "test", to, subject: `Test ${key}`, content: { transport: "the test" }, idempotencyKey: key });

const rowsTo = (ctx: Ctx, to: string) => ctx.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));

test.describe("mail worker", () => {
  test.describe.configure({ mode: "parallel" });

  test("the SMTP server down for a minute: every message arrives once it is back, none twice", async () => {
    test.setTimeout(150_000);
    const ctx = await newContext();
    try {
      const smtp = await startLocalSmtp();
      ctx.closers.push(() => smtp.stop());
      // 0.5 s … 15 s: about 80 s of retries, so the outage is waited out without giving up.
      await startWorker(ctx, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_SCHEDULE: "0.5,1,2,4,8,15,15,15,15" });
      await smtp.stop();
      for (let i = 0; i < 20; i++) await queueTest(ctx, `down-${i}@mail.test`, `down-${i}`);
      await waitFor("first failed attempts", async () => {
        const [row] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_messages where attempts > 0`);
        return row!.n === 20;
      });
      await sleep(60_000);
      const [during] = await ctx.db.execute<{ pending: number; failed: number }>(
        sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed
            from mail_messages`,
      );
      expect(during).toEqual({ pending: 20, failed: 0 });
      expect(smtp.received).toHaveLength(0);

      await smtp.restart();
      await waitFor("all 20 messages", () => smtp.received.length >= 20, 40_000);
      await sleep(2000);
      const recipients = smtp.received.map((m) => m.to[0]).sort();
      expect(recipients).toEqual([...Array(20).keys()].map((i) => `down-${i}@mail.test`).sort());
      const ids = smtp.received.map((m) => /^Message-ID: (.*)\r$/m.exec(m.raw)?.[1]);
      expect(new Set(ids).size).toBe(20);
      const rows = await ctx.db.select().from(mailMessages);
      expect(rows.every((r) => r.status === "sent" && r.attempts > 1 && r.lastReply?.startsWith("250"))).toBe(true);
    } finally {
      await ctx.drop();
    }
  });

  test("a 550 is final after one attempt, its reply in the log; a cause queued twice is one message", async () => {
    const ctx = await newContext();
    try {
      const smtp = await startLocalSmtp();
      ctx.closers.push(() => smtp.stop());
      await startWorker(ctx, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_SCHEDULE: "0.2,0.2,0.2" });
      await queueTest(ctx, "reject-nobody@mail.test", "reject-1");
      expect(await queueTest(ctx, "once@mail.test", "twice")).toEqual(expect.any(String));
      expect(await queueTest(ctx, "once@mail.test", "twice")).toBeNull();

      const [failed] = await waitFor("the refusal", async () => {
        const rows = await rowsTo(ctx, "reject-nobody@mail.test");
        return rows[0]?.status === "failed" ? rows : null;
      });
      expect(failed).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
      expect(failed!.lastReply).toMatch(/^550 5\.1\.1 <reject-nobody@mail\.test>: Recipient address rejected/);
      await waitFor("the other message", () => smtp.received.length === 1);
      await sleep(1000);
      expect(smtp.received.map((m) => m.to)).toEqual([["once@mail.test"]]);
    } finally {
      await ctx.drop();
    }
  });

  test("STARTTLS: a certificate of a private CA is refused without SMTP_CA_FILE and accepted with it", async () => {
    const ctx = await newContext();
    try {
      const smtp = await startLocalSmtp({ starttls: true });
      ctx.closers.push(() => smtp.stop());
      const url = `smtp://localhost:${smtp.port}`;
      const unverified = await startWorker(ctx, { SMTP_URL: url, MAIL_RETRY_SCHEDULE: "30" });
      await queueTest(ctx, "tls@mail.test", "tls-1");
      const [refused] = await waitFor("the refused certificate", async () => {
        const rows = await rowsTo(ctx, "tls@mail.test");
        return rows[0]?.attempts === 1 ? rows : null;
      });
      expect(refused).toMatchObject({ status: "pending" });
      expect(refused!.lastReply).toMatch(/self[- ]signed|unable to (get|verify)|certificate/i);
      expect(smtp.received).toHaveLength(0);
      unverified.kill("SIGKILL");

      await ctx.db
        .update(mailMessages)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailMessages.toAddress, "tls@mail.test"));
      await startWorker(ctx, { SMTP_URL: url, SMTP_CA_FILE: path.join(process.cwd(), "e2e", "fixtures", "tls", "ca.pem") });
      await waitFor("the message over TLS", () => smtp.received.length === 1, 20_000);
      const [sent] = await waitFor("the row marked sent", async () => {
        const rows = await rowsTo(ctx, "tls@mail.test");
        return rows[0]?.status === "sent" ? rows : null;
      });
      expect(sent!.attempts).toBe(2);
    } finally {
      await ctx.drop();
    }
  });

  test("without SMTP_URL a message is kept as not sent, with the reason, and nothing is lost", async () => {
    const ctx = await newContext();
    try {
      await startWorker(ctx, {});
      await queueTest(ctx, "nowhere@mail.test", "unsent-1");
      const [kept] = await waitFor("the row kept as not sent", async () => {
        const rows = await rowsTo(ctx, "nowhere@mail.test");
        return rows[0]?.status === "unsent" ? rows : null;
      });
      expect(kept).toMatchObject({ status: "unsent", attempts: 0, lastReply: NOT_CONFIGURED_REPLY, subject: "Test unsent-1" });
    } finally {
      await ctx.drop();
    }
  });
});
