import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import { auditEvents } from "@/db/schema";
import { createUserWithOrganization } from "@/server/services/users/create-user";
import { pruneAuditEvents } from "./prune";
import { recordAudit, type AuditActor } from "./record";

const db = unitTestDb();
const skip = !process.env.DATABASE_URL && "needs DATABASE_URL";

async function orgWithRows(daysAgo: number[]) {
  const email = `audit-${randomUUID()}@example.test`;
  const { organizationId } = await createUserWithOrganization(db, { email, password: "long enough password", name: "Ada" });
  const actor: AuditActor = { organizationId, type: "system", id: null, label: "Formhouse", ip: null, userAgent: null };
  for (const days of daysAgo) {
    await recordAudit(db, actor, "form.trashed", { type: "form", id: randomUUID(), label: `${days} days ago` });
  }
  // Dated in the past by hand: the app never changes a row (the trigger refuses), so the test lifts it for this.
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(sql`update audit_events set created_at = now() - make_interval(days => split_part(target_label, ' ', 1)::int)
      where organization_id = ${organizationId}`);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
  return organizationId;
}

const labelsOf = async (organizationId: number) =>
  (await db.select({ l: auditEvents.targetLabel }).from(auditEvents).where(eq(auditEvents.organizationId, organizationId)))
    .map((r) => r.l)
    .sort();

test("rows older than the retention are removed in batches; younger ones stay", { skip }, async () => {
  const org = await orgWithRows([400, 366, 364, 10, 0]);
  // In batches of one: each call removes one old row of some organization, until none is left.
  let removed = 0;
  for (let n = await pruneAuditEvents(db, 365, 1); n > 0; n = await pruneAuditEvents(db, 365, 1)) removed += n;
  assert.ok(removed >= 2);
  assert.deepEqual(await labelsOf(org), ["0 days ago", "10 days ago", "364 days ago"]);
  // A shorter retention takes more.
  await pruneAuditEvents(db, 30);
  assert.deepEqual(await labelsOf(org), ["0 days ago", "10 days ago"]);
});

test("the log is append-only: an update is refused by the database", { skip }, async () => {
  const org = await orgWithRows([1]);
  await assert.rejects(
    db.update(auditEvents).set({ action: "user.signed_in" }).where(eq(auditEvents.organizationId, org)),
    /audit_events rows cannot be changed/,
  );
  assert.deepEqual(await labelsOf(org), ["1 days ago"]);
});
