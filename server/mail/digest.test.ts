import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { and, eq, sql } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { formNotifications, forms, mailMessages, submissions } from "@/db/schema";
import { importForm } from "@/server/services/forms/import-form";
import { createUserWithOrganization } from "@/server/services/users/create-user";
import { queueDigests } from "./digest";
import { mailQueue } from "./queue";

const url = process.env.DATABASE_URL;
const db = unitTestDb();
const skip = !url && "needs DATABASE_URL";
const APP = "https://forms.example.com";

/** A member with a digest of a new form whose last digest covered up to `hoursAgo` hours ago. */
async function digestOf(hoursAgo: number, name = "Signups") {
  const email = `digest-${randomUUID()}@example.test`;
  const { userId, organizationId } = await createUserWithOrganization(db, { email, password: "long enough password", name: "Ada" });
  const form = await importForm(db, organizationId, { name, elements: [] }, { publish: true });
  const through = new Date(Date.now() - hoursAgo * 3_600_000);
  await db.insert(formNotifications).values({ userId, formId: form.id, mode: "digest", digestThrough: through });
  return { userId, organizationId, email, form, through };
}

async function respond(d: Awaited<ReturnType<typeof digestOf>>, minutesAgo: number, spam = false) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await db
    .insert(submissions)
    .values({ formId: d.form.id, organizationId: d.organizationId, data: {}, spam, createdAt: at, updatedAt: at });
}

const throughOf = async (d: { userId: number; form: { id: number } }) =>
  (
    await db
      .select({ at: formNotifications.digestThrough })
      .from(formNotifications)
      .where(and(eq(formNotifications.userId, d.userId), eq(formNotifications.formId, d.form.id)))
  )[0]!.at;

const digestsOf = (d: { form: { id: number } }) =>
  db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.formId, d.form.id), eq(mailMessages.kind, "digest")));

test("a due digest counts the non-spam responses of its period, once, and its period moves on", { skip }, async () => {
  const d = await digestOf(25);
  await respond(d, 26 * 60); // before the period
  await respond(d, 10 * 60);
  await respond(d, 2);
  await respond(d, 5 * 60, true); // spam
  await respond(d, 0); // too recent: left to the next digest
  await queueDigests(db, { appUrl: APP });

  const [digest, ...more] = await digestsOf(d);
  assert.equal(more.length, 0);
  assert.equal(digest!.toAddress, d.email);
  assert.equal(digest!.userId, d.userId);
  assert.equal(digest!.organizationId, d.organizationId);
  assert.equal(digest!.subject, "2 new responses to Signups");
  assert.equal(digest!.status, "pending");
  assert.deepEqual(digest!.content, {
    formName: "Signups",
    count: 2,
    since: d.through.toISOString(),
    formUrl: `${APP}/submissions?form=${d.form.uuid}`,
  });
  const day = new Date(Date.now() - 60_000).toISOString().slice(0, 10);
  assert.equal(digest!.idempotencyKey, `digest:${d.userId}:${d.form.id}:${day}`);
  const through = await throughOf(d);
  assert.ok(Math.abs(through.getTime() - (Date.now() - 60_000)) < 10_000, `digest_through ${through.toISOString()}`);

  // Not due again for a day.
  await queueDigests(db, { appUrl: APP });
  assert.equal((await digestsOf(d)).length, 1);
  assert.equal((await throughOf(d)).getTime(), through.getTime());
});

test("no message when nothing came, for a trashed form or for a member who left; each period still moves on", { skip }, async () => {
  const quiet = await digestOf(30);
  await respond(quiet, 40 * 60);
  const trashed = await digestOf(30, "Old form");
  await respond(trashed, 60);
  await db
    .update(forms)
    .set({ trashedAt: sql`now()` })
    .where(eq(forms.id, trashed.form.id));
  const leaver = await digestOf(30);
  await respond(leaver, 60);
  await db.execute(sql`delete from memberships where user_id = ${leaver.userId}`);
  const one = await digestOf(30, "Feedback\r\nBcc: x@evil.test");
  await respond(one, 60);

  await queueDigests(db, { appUrl: APP });
  for (const d of [quiet, trashed, leaver]) {
    assert.deepEqual(await digestsOf(d), []);
    assert.ok((await throughOf(d)).getTime() > d.through.getTime());
  }
  const [digest] = await digestsOf(one);
  assert.equal(digest!.subject, "1 new response to Feedback Bcc: x@evil.test");
});

test("members on each response, and digests not yet due, are left alone", { skip }, async () => {
  const early = await digestOf(23);
  await respond(early, 60);
  const each = await digestOf(48);
  await db.update(formNotifications).set({ mode: "each" }).where(eq(formNotifications.formId, each.form.id));
  await respond(each, 60);
  await queueDigests(db, { appUrl: APP });
  for (const d of [early, each]) {
    assert.deepEqual(await digestsOf(d), []);
    assert.equal((await throughOf(d)).getTime(), d.through.getTime());
  }
  // A shorter period makes the early one due.
  await queueDigests(db, { appUrl: APP, periodS: 3600 });
  assert.equal((await digestsOf(early))[0]?.subject, "1 new response to Signups");
});

test("the mail queue's housekeeping queues due digests at most once a minute", { skip }, async () => {
  const queue = mailQueue(
    { db, transport: null, from: "f@example.test", appUrl: APP, schedule: [1], messageIdHost: "example.test" },
    { concurrency: 1, retentionDays: 30 },
  );
  const first = await digestOf(25);
  await respond(first, 60);
  await queue.housekeeping!();
  assert.equal((await digestsOf(first)).length, 1);
  const second = await digestOf(25);
  await respond(second, 60);
  await queue.housekeeping!();
  assert.deepEqual(await digestsOf(second), []);
});
