import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { mailMessages, memberships, rateLimitCounters, type MailKind } from "../../../db/schema";
import { expect, test as base, type Seed, type SeededOrg } from "../../fixtures";
import { waitForMail } from "../../mail/mailbox";
import { trpcSession, type TrpcSession } from "../trpc-client";

/** Settings → Mail's procedures over HTTP: the log is the organization's, bodies and links never leave, owners only. */

const test = base.extend<{ sessionOf: (user: SeededOrg) => Promise<TrpcSession> }>({
  sessionOf: async ({ request, baseURL, clientAddress }, use) => use((user) => trpcSession(request, baseURL!, user, clientAddress)),
});

const SECRET_LINK = (token: string) => `http://localhost/reset-password/${token}`;

/** What each kind's template needs (server/mail/templates/messages.ts), for rows that may get sent. */
const CONTENT: Record<MailKind, Record<string, unknown>> = {
  password_reset: {},
  email_change: { newEmail: "new@example.test" },
  email_changed: { newEmail: "new@example.test" },
  notification: { formName: "Contact", answers: [], submissionUrl: "http://localhost/submissions" },
  digest: { formName: "Contact", count: 2, since: new Date().toISOString(), formUrl: "http://localhost/forms" },
  receipt: { formName: "Contact", message: "Thanks for your answers." },
  test: { transport: "the suite's mail server" },
  invitation: { organizationName: "Acme", inviterName: "Ada", role: "editor" },
  resume_link: { formName: "Contact" },
};

/** A message written straight into the log (kept as not sent, so no worker takes it), as a cause would queue it. */
async function logRow(seed: Seed, row: Partial<typeof mailMessages.$inferInsert> & Pick<typeof mailMessages.$inferInsert, "kind">) {
  const [inserted] = await seed.db
    .insert(mailMessages)
    .values({
      toAddress: `someone-${randomUUID()}@example.test`,
      subject: "A message",
      content: CONTENT[row.kind],
      idempotencyKey: `e2e:${randomUUID()}`,
      status: "unsent",
      lastReply: "Not sent: no mail server configured (set SMTP_URL)",
      ...row,
    })
    .returning();
  return inserted!;
}

const logOf = async (as: TrpcSession, input: { page?: number; status?: string } = {}) => {
  const r = await as.query("mail.log", { page: 1, ...input });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.data;
};

test("Send test email sends now and answers the server's reply; Resend sends it again; the log and counts show it", async ({
  seed,
  sessionOf,
}) => {
  const org = await seed.org();
  const as = await sessionOf(org);
  const settings = (await as.query("mail.settings")).body.result.data;
  expect(settings).toEqual({
    on: true,
    transport: expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:\d+ \(STARTTLS when offered, with a login\)$/),
    from: "Formhouse <forms@formhouse.test>",
    certificateUnchecked: false,
    pending: 0,
    failed: 0,
    testRecipient: org.email,
  });
  // The login never leaves: neither its user nor its password.
  expect(JSON.stringify(settings)).not.toMatch(/sink-password|formhouse:/);

  const sent = await as.mutation("mail.sendTest");
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const message = sent.body.result.data;
  expect(message).toMatchObject({ kind: "test", to: org.email, subject: "Formhouse test message", status: "sent", attempts: 1 });
  expect(message.lastReply).toMatch(/^250 /);
  const [mail] = await waitForMail(org.email);
  expect(mail!.parsed.subject).toBe("Formhouse test message");
  expect(mail!.parsed.text).toContain("This test message went through smtp://127.0.0.1:");
  expect(mail!.parsed.messageId).toMatch(new RegExp(`^<${message.id}@`));

  const log = await logOf(as);
  expect(log).toMatchObject({ page: 1, perPage: 20, total: 1, totalPages: 1 });
  expect(log.messages).toEqual([
    {
      id: message.id,
      kind: "test",
      to: org.email,
      subject: "Formhouse test message",
      status: "sent",
      attempts: 1,
      lastReply: message.lastReply,
      nextAttemptAt: null,
      createdAt: expect.any(String),
      sentAt: expect.any(String),
      resendRefusal: null,
    },
  ]);

  const resent = await as.mutation("mail.resend", { id: message.id });
  expect(resent.status, JSON.stringify(resent.body)).toBe(200);
  expect(resent.body.result.data).toMatchObject({ id: message.id, status: "pending", nextAttemptAt: expect.any(String) });
  await waitForMail(org.email, { count: 2 });
  await expect.poll(async () => (await logOf(as)).messages[0]).toMatchObject({ id: message.id, status: "sent", attempts: 2 });
});

test("the log is the organization's: its messages and its members' account mail, never another's; Resend on another's is a 404", async ({
  seed,
  sessionOf,
}) => {
  const a = await seed.org();
  const b = await seed.org();
  const [asA, asB] = [await sessionOf(a), await sessionOf(b)];
  const aTest = (await asA.mutation("mail.sendTest")).body.result.data;
  const aReceipt = await logRow(seed, { kind: "receipt", organizationId: a.organizationId, subject: "Thanks" });
  const aAccount = await logRow(seed, { kind: "email_changed", userId: a.userId, subject: "Your sign-in email was changed" });
  const bReceipt = await logRow(seed, { kind: "receipt", organizationId: b.organizationId });
  const bAccount = await logRow(seed, { kind: "email_changed", userId: b.userId });
  const aCapped = await logRow(seed, { kind: "receipt", organizationId: a.organizationId, status: "capped" });

  const ids = (log: { messages: { id: string }[] }) => log.messages.map((m) => m.id);
  expect(ids(await logOf(asA))).toEqual([aCapped.id, aAccount.id, aReceipt.id, aTest.id]);
  expect(ids(await logOf(asB))).toEqual([bAccount.id, bReceipt.id]);
  // The status filter and the counts keep to the organization too.
  expect(ids(await logOf(asA, { status: "capped" }))).toEqual([aCapped.id]);
  expect(ids(await logOf(asA, { status: "unsent" }))).toEqual([aAccount.id, aReceipt.id]);
  expect((await logOf(asB, { status: "sent" })).total).toBe(0);
  await logRow(seed, { kind: "receipt", organizationId: b.organizationId, status: "failed" });
  expect((await asA.query("mail.settings")).body.result.data).toMatchObject({ pending: 0, failed: 0 });
  expect((await asB.query("mail.settings")).body.result.data).toMatchObject({ pending: 0, failed: 1 });

  // B cannot resend A's messages (nor name a message that does not exist): 404, and nothing changes.
  for (const id of [aTest.id, aReceipt.id, aAccount.id, randomUUID(), "not-a-uuid"]) {
    const r = await asB.mutation("mail.resend", { id });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe("Message not found");
  }
  const [receiptNow] = await seed.db.select().from(mailMessages).where(eq(mailMessages.id, aReceipt.id));
  expect(receiptNow!.status).toBe("unsent");

  // A member who left no longer brings their account mail into the log.
  await seed.db.insert(memberships).values({ userId: b.userId, organizationId: a.organizationId, role: "editor" });
  expect(ids(await logOf(asA))).toContain(bAccount.id);
  await seed.db.delete(memberships).where(and(eq(memberships.userId, b.userId), eq(memberships.organizationId, a.organizationId)));
  expect(ids(await logOf(asA))).not.toContain(bAccount.id);

  // A resends its capped receipt: it is sent this time.
  const resent = await asA.mutation("mail.resend", { id: aCapped.id });
  expect(resent.body.result.data).toMatchObject({ id: aCapped.id, status: "pending" });
  await waitForMail(aCapped.toAddress);
});

test("a one-time link never leaves in any answer, and a message that carried one cannot be resent", async ({ seed, sessionOf }) => {
  const org = await seed.org();
  const as = await sessionOf(org);
  const token = randomUUID();
  const reset = await logRow(seed, {
    kind: "password_reset",
    userId: org.userId,
    toAddress: org.email,
    subject: "Reset your Formhouse password",
    content: { secret: { link: SECRET_LINK(token) } },
  });
  const change = await logRow(seed, {
    kind: "email_change",
    userId: org.userId,
    subject: "Confirm your new email",
    content: { newEmail: "new@example.test", secret: { link: SECRET_LINK(`${token}-change`) } },
  });

  const answers = [
    await as.query("mail.log", { page: 1 }),
    await as.query("mail.log", { page: 1, status: "unsent" }),
    await as.query("mail.settings"),
  ];
  for (const r of answers) expect(JSON.stringify(r.body)).not.toContain(token);
  const log = answers[0]!.body.result.data;
  expect(log.messages.map((m: { id: string; resendRefusal: string }) => [m.id, m.resendRefusal])).toEqual([
    [change.id, "Contains a one-time link: ask for a new one"],
    [reset.id, "Contains a one-time link: ask for a new one"],
  ]);

  for (const row of [reset, change]) {
    const r = await as.mutation("mail.resend", { id: row.id });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe("Contains a one-time link: ask for a new one");
    expect(JSON.stringify(r.body)).not.toContain(token);
    const [now] = await seed.db.select().from(mailMessages).where(eq(mailMessages.id, row.id));
    expect(now!.status).toBe("unsent");
  }
});

test("only an owner manages mail: a member's calls are 403 with a sentence", async ({ seed, sessionOf }) => {
  const org = await seed.org();
  const message = await logRow(seed, { kind: "receipt", organizationId: org.organizationId });
  await seed.db.update(memberships).set({ role: "editor" }).where(eq(memberships.userId, org.userId));
  const as = await sessionOf(org);
  for (const r of [
    await as.query("mail.settings"),
    await as.query("mail.log", { page: 1 }),
    await as.mutation("mail.sendTest"),
    await as.mutation("mail.resend", { id: message.id }),
  ]) {
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe("Only an owner can manage the organization's mail");
  }
  expect((await seed.db.select().from(mailMessages).where(eq(mailMessages.organizationId, org.organizationId))).length).toBe(1);
});

test("messages sent by hand are capped per organization and hour: a 429 that says when to try again, and nothing is sent", async ({
  seed,
  sessionOf,
}) => {
  const org = await seed.org();
  const as = await sessionOf(org);
  await seed.db
    .insert(rateLimitCounters)
    .values({ key: `mail:manual:${org.organizationId}`, windowStart: new Date(), count: 20, expiresAt: new Date(Date.now() + 3600_000) });
  const r = await as.mutation("mail.sendTest");
  expect(r.status).toBe(429);
  expect(r.body.error.message).toMatch(/^At most 20 messages an hour can be sent by hand \(tests and resends\): try again in (60|59) min$/);
  expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.organizationId, org.organizationId))).toEqual([]);
});

test("the log pages 20 at a time, newest first", async ({ seed, sessionOf }) => {
  const org = await seed.org();
  const as = await sessionOf(org);
  const start = Date.now() - 60_000;
  const rows = [];
  for (let i = 0; i < 21; i++) {
    rows.push(await logRow(seed, { kind: "receipt", organizationId: org.organizationId, createdAt: new Date(start + i * 1000) }));
  }
  const first = await logOf(as);
  expect(first).toMatchObject({ total: 21, totalPages: 2 });
  expect(first.messages.map((m: { id: string }) => m.id)).toEqual(
    rows
      .slice(1)
      .reverse()
      .map((r) => r.id),
  );
  const second = await logOf(as, { page: 2 });
  expect(second.messages.map((m: { id: string }) => m.id)).toEqual([rows[0]!.id]);
  // An unknown status is refused as input, not read as "all".
  expect((await as.query("mail.log", { page: 1, status: "bounced" })).status).toBe(400);
});
