import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import {
  forms,
  organizations,
  rateLimitCounters,
  submissionCountShards,
  submissions,
  uniqueLinks,
  webhookDeliveries,
  webhooks,
} from "@/db/schema";
import { accessForOrganization, getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { listForms } from "@/server/services/forms/list-forms";
import { issueStartToken, readStartToken } from "@/server/services/survey/start-token";
import { formVersionSql } from "@/server/services/forms/form-version";
import { findSurveyForm } from "@/server/services/survey/survey-target";
import { createSubmission, type StoreOutcome } from "./create-submission";
import { deleteSubmission } from "./delete-submission";

/** The store against a real Postgres: count shards folded into every read, links completed once. */
const url = process.env.DATABASE_URL;
const skip = url ? false : "needs DATABASE_URL (run with npm test)";

let db: Db;
let organizationId: number;
let formId: number;
let form: { id: number; uuid: string; name: string; elements: [] };

before(async () => {
  if (!url) return;
  db = createDb(url, 12);
  const [org] = await db.insert(organizations).values({ name: "create-submission test" }).returning();
  organizationId = org!.id;
  const [row] = await db.insert(forms).values({ organizationId, name: "F", published: true, submissionsCount: 5 }).returning();
  formId = row!.id;
  form = { id: row!.id, uuid: row!.uuid, name: row!.name, elements: [] };
});

after(async () => {
  if (!url) return;
  await db.delete(organizations).where(eq(organizations.id, organizationId));
  await db.$client.end();
});

function storedId(outcome: StoreOutcome): string {
  assert.equal(outcome.kind, "stored");
  return outcome.kind === "stored" ? outcome.submission.id : "";
}

const input = (uniqueLinkId: string | null = null) => ({
  formId,
  organizationId,
  data: { q: "a" },
  duration: 3,
  spam: false,
  uniqueLinkId,
});

test("concurrent submits to one form: every one counted exactly, in the API's reads and after deletes", { skip }, async () => {
  const stored = (await Promise.all(Array.from({ length: 40 }, () => createSubmission(db, form, input())))).map(storedId);
  const access = accessForOrganization(organizationId);
  // 5 counted in the base column (imported earlier) + 40 in shards.
  assert.equal((await getAccessibleFormOrThrow(db, access, formId)).submissionsCount, 45);
  assert.equal((await listForms(db, access, 1)).forms.find((f) => f.id === formId)?.submissionsCount, 45);
  const shards = await db.select().from(submissionCountShards).where(eq(submissionCountShards.formId, formId));
  assert.ok(shards.length > 1, "spread over several shards");
  assert.equal(
    shards.reduce((n, s) => n + s.delta, 0),
    40,
  );
  await deleteSubmission(db, access, stored[0]!);
  assert.equal((await getAccessibleFormOrThrow(db, access, formId)).submissionsCount, 44);
});

test("a unique link is completed by exactly one of several concurrent submits", { skip }, async () => {
  const [link] = await db.insert(uniqueLinks).values({ formId, organizationId, entryName: "race" }).returning();
  const results = await Promise.all(Array.from({ length: 6 }, () => createSubmission(db, form, input(link!.id))));
  assert.deepEqual(results.map((r) => r.kind).sort(), [
    "link-closed",
    "link-closed",
    "link-closed",
    "link-closed",
    "link-closed",
    "stored",
  ]);
  assert.equal((await db.select().from(submissions).where(eq(submissions.uniqueLinkId, link!.id))).length, 1);
  const [after] = await db.select({ status: uniqueLinks.status }).from(uniqueLinks).where(eq(uniqueLinks.id, link!.id));
  assert.equal(after!.status, "completed");
});

test("start tokens: read back for their own form only; forged, altered or future ones are none", { skip }, async () => {
  const now = Date.now();
  const token = await issueStartToken(db, formId, now);
  assert.equal(await readStartToken(db, token, formId, now + 5_000), now);
  assert.equal(await readStartToken(db, token, formId + 1, now), null);
  const [id, issued, mac] = token.split(".");
  assert.equal(await readStartToken(db, `${id}.${Number(issued) - 1}.${mac}`, formId, now), null);
  const altered = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
  assert.equal(await readStartToken(db, `${id}.${issued}.${altered}`, formId, now), null);
  assert.equal(await readStartToken(db, await issueStartToken(db, formId, now + 60_000), formId, now), null);
  for (const junk of [undefined, 42, "", "x".repeat(500)]) assert.equal(await readStartToken(db, junk, formId, now), null);
});

test("a submit checked against an old version of the form stores nothing and says the form changed", { skip }, async () => {
  const live = (await findSurveyForm(db, form.uuid))!;
  assert.equal(storedId(await createSubmission(db, form, input(), { formVersion: live.version })).length, 36);
  await db
    .update(forms)
    .set({ updatedAt: new Date(Date.now() + 1000) })
    .where(eq(forms.id, formId));
  const before = await countOf(formId);
  assert.deepEqual(await createSubmission(db, form, input(), { formVersion: live.version }), { kind: "form-changed" });
  await db.update(forms).set({ published: false }).where(eq(forms.id, formId));
  assert.deepEqual(
    await createSubmission(db, form, input(), { formVersion: (await versionOf(formId))! }),
    { kind: "form-changed" },
    "unpublished",
  );
  await db.update(forms).set({ published: true }).where(eq(forms.id, formId));
  assert.equal(await countOf(formId), before, "nothing stored");
});

test("the submit limit is counted in the storing statement: over it nothing is stored and the reset is given", { skip }, async () => {
  const attempts = { key: `test:${formId}:${Math.random()}`, limit: 2, windowS: 60 };
  const formVersion = (await versionOf(formId))!;
  const before = await countOf(formId);
  const outcomes = [];
  for (let i = 0; i < 4; i++) outcomes.push(await createSubmission(db, form, input(), { formVersion, attempts }));
  assert.deepEqual(
    outcomes.map((o) => o.kind),
    ["stored", "stored", "too-many", "too-many"],
  );
  const refused = outcomes[2]!;
  assert.ok(refused.kind === "too-many" && refused.resetSeconds > 0 && refused.resetSeconds <= 60);
  assert.equal(await countOf(formId), before + 2);
  const [counter] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, attempts.key));
  assert.equal(counter!.count, 4, "every attempt counted");
});

test(
  "a stored submission's Submission.Created deliveries commit with it, one per listening webhook; spam makes none",
  { skip },
  async () => {
    const [hook] = await db
      .insert(webhooks)
      .values({ formId, organizationId, source: "form", url: "https://example.com/h", events: ["Submission.Created"], secret: "whsec_x" })
      .returning();
    try {
      const id = storedId(await createSubmission(db, form, input()));
      const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id));
      assert.equal(rows.length, 1);
      const payload = rows[0]!.payload as { submission: { id: string; createdAt: string } };
      assert.equal(payload.submission.id, id);
      const [row] = await db.select({ createdAt: submissions.createdAt }).from(submissions).where(eq(submissions.id, id));
      assert.equal(payload.submission.createdAt, row!.createdAt.toISOString(), "the payload's time is the row's");
      storedId(await createSubmission(db, form, { ...input(), spam: true }));
      assert.equal((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id))).length, 1);
    } finally {
      await db.delete(webhooks).where(eq(webhooks.id, hook!.id));
    }
  },
);

async function countOf(id: number): Promise<number> {
  return (await db.select().from(submissions).where(eq(submissions.formId, id))).length;
}

async function versionOf(id: number): Promise<string | undefined> {
  const [row] = await db.select({ version: formVersionSql }).from(forms).where(eq(forms.id, id));
  return row?.version;
}
