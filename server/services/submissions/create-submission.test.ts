import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import { forms, organizations, submissionCountShards, uniqueLinks } from "@/db/schema";
import { accessForOrganization, getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { listForms } from "@/server/services/forms/list-forms";
import { issueStartToken, readStartToken } from "@/server/services/survey/start-token";
import { createSubmission, LinkNotOpenError } from "./create-submission";
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

const input = (uniqueLinkId: string | null = null) => ({ formId, organizationId, data: { q: "a" }, duration: 3, spam: false, uniqueLinkId });

test("concurrent submits to one form: every one counted exactly, in the API's reads and after deletes", { skip }, async () => {
  const stored = await Promise.all(Array.from({ length: 40 }, () => createSubmission(db, form, input())));
  const access = accessForOrganization(organizationId);
  // 5 counted in the base column (imported earlier) + 40 in shards.
  assert.equal((await getAccessibleFormOrThrow(db, access, formId)).submissionsCount, 45);
  assert.equal((await listForms(db, access, 1)).forms.find((f) => f.id === formId)?.submissionsCount, 45);
  const shards = await db.select().from(submissionCountShards).where(eq(submissionCountShards.formId, formId));
  assert.ok(shards.length > 1, "spread over several shards");
  assert.equal(shards.reduce((n, s) => n + s.delta, 0), 40);
  await deleteSubmission(db, access, stored[0]!.id);
  assert.equal((await getAccessibleFormOrThrow(db, access, formId)).submissionsCount, 44);
});

test("a unique link is completed by exactly one of several concurrent submits", { skip }, async () => {
  const [link] = await db.insert(uniqueLinks).values({ formId, organizationId, entryName: "race" }).returning();
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => createSubmission(db, form, input(link!.id))));
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  for (const r of results) if (r.status === "rejected") assert.ok(r.reason instanceof LinkNotOpenError);
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
