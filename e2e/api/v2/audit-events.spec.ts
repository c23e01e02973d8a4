import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { AUDIT_FILTER_MESSAGES } from "../../../server/audit/filter-params";
import { recordAudit, type AuditActor } from "../../../server/audit/record";
import { expect, test, type Seed } from "../../fixtures";
import { namedToken } from "../audit/audit-helpers";

/** GET /api/v2/audit_events: the organization's log, scope audit.view, paged like every v2 list, filtered by actor, action and time. */

const SCOPE_403 = "You do not have permission to perform this action. Required scope: audit.view";

/** `n` rows in the organization's log, oldest first, one second apart ending now: alternately a member's and the system's. */
async function seedRows(seed: Seed, organizationId: number, userId: number, n: number) {
  const member: AuditActor = {
    organizationId,
    type: "user",
    id: String(userId),
    label: "ada@example.test",
    ip: "203.0.113.9",
    userAgent: "UA",
  };
  const system: AuditActor = { organizationId, type: "system", id: null, label: "Formhouse", ip: null, userAgent: null };
  for (let i = 0; i < n; i++) {
    const action = i % 2 ? "form.trashed" : "token.created";
    await recordAudit(seed.db, i % 2 ? system : member, action, { type: "form", id: randomUUID(), label: `row ${i}` }, { i });
  }
  // Spread in time (the app never changes a row; the test lifts the trigger to date them).
  await seed.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(sql`update audit_events set created_at = now() - make_interval(secs => ${n} - (metadata->>'i')::int)
      where organization_id = ${organizationId}`);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

test.describe("GET /api/v2/audit_events", () => {
  test("needs the audit.view scope: 403 in the v2 shape, nothing listed", async ({ seed, api }) => {
    const org = await seed.org();
    await seedRows(seed, org.organizationId, org.userId, 1);
    const without = await namedToken(seed.db, org.organizationId, "No audit", ["form.view"]);
    const res = await api.get("/api/v2/audit_events", without.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: SCOPE_403 });
  });

  test("20 a page, newest first, with meta {page, perPage, total}; a page past the end is empty", async ({ seed, api }) => {
    const org = await seed.org();
    await seedRows(seed, org.organizationId, org.userId, 25);
    const t = await namedToken(seed.db, org.organizationId, "Auditor", ["audit.view"]);
    const p1 = await api.get("/api/v2/audit_events", t.token);
    expect(p1.status).toBe(200);
    expect(p1.body.meta).toEqual({ page: 1, perPage: 20, total: 25 });
    expect(p1.body.auditEvents.map((e: { target: { label: string } }) => e.target.label)).toEqual(
      Array.from({ length: 20 }, (_, i) => `row ${24 - i}`),
    );
    const first = p1.body.auditEvents[0];
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      action: "token.created",
      actor: { type: "user", id: String(org.userId), label: "ada@example.test" },
      target: { type: "form", id: expect.any(String), label: "row 24" },
      ip: "203.0.113.9",
      userAgent: "UA",
      metadata: { i: 24 },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const p2 = await api.get("/api/v2/audit_events?page=2", t.token);
    expect(p2.body.meta).toEqual({ page: 2, perPage: 20, total: 25 });
    expect(p2.body.auditEvents.map((e: { target: { label: string } }) => e.target.label)).toEqual([
      "row 4",
      "row 3",
      "row 2",
      "row 1",
      "row 0",
    ]);
    const p3 = await api.get("/api/v2/audit_events?page=3", t.token);
    expect(p3.body).toEqual({ auditEvents: [], meta: { page: 3, perPage: 20, total: 25 } });
  });

  test("filters by actor, action, since and until, combined", async ({ seed, api }) => {
    const org = await seed.org();
    await seedRows(seed, org.organizationId, org.userId, 10);
    const t = await namedToken(seed.db, org.organizationId, "Auditor", ["audit.view"]);
    const labels = async (query: string) => {
      const res = await api.get(`/api/v2/audit_events?${query}`, t.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.meta.total).toBe(res.body.auditEvents.length);
      return res.body.auditEvents.map((e: { target: { label: string } }) => e.target.label);
    };
    expect(await labels("action=form.trashed")).toEqual(["row 9", "row 7", "row 5", "row 3", "row 1"]);
    expect(await labels(`actor=user:${org.userId}`)).toEqual(["row 8", "row 6", "row 4", "row 2", "row 0"]);
    expect(await labels("actor=system&action=token.created")).toEqual([]);
    const all = (await api.get("/api/v2/audit_events", t.token)).body.auditEvents as { createdAt: string }[];
    // since is inclusive, until exclusive.
    const since = all[3]!.createdAt;
    const until = all[1]!.createdAt;
    expect(await labels(`since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`)).toEqual(["row 7", "row 6"]);
    expect(await labels(`since=${encodeURIComponent(since)}&action=form.trashed`)).toEqual(["row 9", "row 7"]);
    expect(await labels("until=2000-01-01")).toEqual([]);
    expect((await labels("since=2000-01-01")).length).toBe(10);
  });

  test("bad parameters are 400 in the v2 shape", async ({ seed, api }) => {
    const org = await seed.org();
    const t = await namedToken(seed.db, org.organizationId, "Auditor", ["audit.view"]);
    const cases: [string, string][] = [
      ["action=nope", AUDIT_FILTER_MESSAGES.action],
      ["action=user.signed_in&action=form.trashed", "action must be given once"],
      ["actor=user", AUDIT_FILTER_MESSAGES.actor],
      ["actor=user:abc", AUDIT_FILTER_MESSAGES.actor],
      ["actor=robot:1", AUDIT_FILTER_MESSAGES.actor],
      ["since=yesterday", AUDIT_FILTER_MESSAGES.since],
      ["until=2024-02-30", AUDIT_FILTER_MESSAGES.until],
      ["since=2024-01-02&until=2024-01-01", AUDIT_FILTER_MESSAGES.range],
      ["since=2024-01-01&until=2024-01-01", AUDIT_FILTER_MESSAGES.range],
      ["page=0", "page must be a positive integer"],
    ];
    for (const [query, message] of cases) {
      const res = await api.get(`/api/v2/audit_events?${query}`, t.token);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message });
    }
  });

  test("another organization's events are never listed, whatever the filter", async ({ seed, api }) => {
    const mine = await seed.org();
    const theirs = await seed.org();
    await seedRows(seed, mine.organizationId, mine.userId, 2);
    await seedRows(seed, theirs.organizationId, theirs.userId, 3);
    const t = await namedToken(seed.db, mine.organizationId, "Auditor", ["audit.view"]);
    const all = await api.get("/api/v2/audit_events", t.token);
    expect(all.body.meta.total).toBe(2);
    expect(
      all.body.auditEvents.every((e: { actor: { id: string | null } }) => e.actor.id === null || e.actor.id === String(mine.userId)),
    ).toBe(true);
    const theirActor = await api.get(`/api/v2/audit_events?actor=user:${theirs.userId}`, t.token);
    expect(theirActor.body).toEqual({ auditEvents: [], meta: { page: 1, perPage: 20, total: 0 } });
    const system = await api.get("/api/v2/audit_events?actor=system", t.token);
    expect(system.body.meta.total).toBe(1);
  });

  test("the OpenAPI document describes the operation, its scope and every action", async ({ api }) => {
    const doc = (await api.get("/api/v2/openapi.json")).body;
    const op = doc.paths["/audit_events"].get;
    expect(op.summary).toBe("List audit events");
    expect(op.description).toContain("`webhook.secret_rotated`");
    expect(op.responses["403"].content["application/json"].example).toEqual({ message: SCOPE_403 });
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["action", "actor", "page", "since", "until"]);
    expect(doc.info.description).toContain("| `audit.view` |");
  });
});
