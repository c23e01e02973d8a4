import { randomUUID } from "node:crypto";
import type { Db } from "../../../db";
import { webhookDeliveries } from "../../../db/schema";
import { importForm } from "../../../server/services/forms/import-form";
import { createUserWithOrganization } from "../../../server/services/users/create-user";
import { expect, test } from "../../fixtures";
import { startWorkerProcess, workerContext, type WorkerContext } from "../worker-process";
import { deliveriesOf, insertWebhook, storeSubmission } from "./helpers";
import { sleep, startReceiver, waitFor, type Receiver } from "./receiver";

/**
 * `npm run worker` processes on a database of their own (so the server under test, whose
 * worker shares the main database, cannot help or interfere): several workers never send
 * the same attempt twice, a worker killed with SIGKILL loses nothing, and the SSRF guard
 * refuses at connect time.
 */

type Ctx = WorkerContext;
const newContext = workerContext;

/** `npm run worker` on the context's database, delivering to receivers on loopback with short retries. */
const startWorker = (ctx: Ctx, env: Record<string, string> = {}) =>
  startWorkerProcess(ctx, { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_RETRY_SCHEDULE: "0.5,0.5,1", ...env });

async function seedForm(db: Db) {
  const { organizationId } = await createUserWithOrganization(db, {
    email: `w-${randomUUID()}@example.test`,
    password: "correct horse battery staple",
    name: "W",
  });
  return importForm(db, organizationId, { name: "Load", elements: [{ id: "n", label: "N", type: "number" }] }, { publish: true });
}

const webhookIds = (r: Receiver) => r.received.map((x) => String(x.headers["webhook-id"]));

test.describe("webhook workers", () => {
  test.describe.configure({ timeout: 90_000 });
  let ctx: Ctx;
  test.beforeEach(async () => {
    ctx = await newContext();
  });
  test.afterEach(async () => {
    await ctx.drop();
  });

  test("two workers on one database never send the same attempt twice", async () => {
    const form = await seedForm(ctx.db);
    const rs = await Promise.all([0, 1, 2].map(() => startReceiver(() => ({ delayMs: 5 }))));
    ctx.closers.push(...rs.map((r) => () => r.close()));
    for (const r of rs) await insertWebhook(ctx.db, form.id, r.url);
    await Promise.all([startWorker(ctx), startWorker(ctx)]);

    const N = 60;
    for (let i = 0; i < N; i++) await storeSubmission(ctx.db, form.id, { n: i });
    await waitFor("every delivery", () => rs.every((r) => r.received.length >= N), 30_000);
    await sleep(1000);
    for (const r of rs) {
      expect(r.received).toHaveLength(N);
      expect(new Set(webhookIds(r)).size).toBe(N);
      expect(new Set(r.received.map((x) => x.json.submission.data.n))).toEqual(new Set(Array.from({ length: N }, (_, i) => i)));
    }
    const rows = await ctx.db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(3 * N);
    expect(rows.every((d) => d.status === "succeeded" && d.attempts === 1 && d.lockedBy === null)).toBe(true);
  });

  test("a worker killed with SIGKILL mid-delivery loses nothing: its attempts are sent again after a restart", async () => {
    const form = await seedForm(ctx.db);
    const rs = await Promise.all([0, 1].map(() => startReceiver(() => ({ delayMs: 300 }))));
    ctx.closers.push(...rs.map((r) => () => r.close()));
    const hooks = [];
    for (const r of rs) hooks.push(await insertWebhook(ctx.db, form.id, r.url));
    const first = await startWorker(ctx);

    const N = 40;
    for (let i = 0; i < N; i++) await storeSubmission(ctx.db, form.id, { n: i });
    await waitFor("deliveries under way", () => rs[0]!.received.length + rs[1]!.received.length >= 20, 20_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));

    // Attempts were in flight: their rows are still held by the dead worker's lease.
    const held = (await ctx.db.select().from(webhookDeliveries)).filter((d) => d.lockedBy !== null);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((d) => d.status === "pending" && d.attempts === 0)).toBe(true);

    const restarted = Date.now();
    await startWorker(ctx);
    await waitFor(
      "every delivery to succeed",
      async () => (await ctx.db.select().from(webhookDeliveries)).every((d) => d.status === "succeeded"),
      30_000,
      100,
    );
    // Rescued at once (not after the 5-minute backstop).
    expect(Date.now() - restarted).toBeLessThan(20_000);
    for (const [i, r] of rs.entries()) {
      const rows = await deliveriesOf(ctx.db, hooks[i]!.id);
      expect(rows).toHaveLength(N);
      const ids = webhookIds(r);
      // Every delivery arrived; only an attempt cut off by the kill arrived twice.
      expect(new Set(ids)).toEqual(new Set(rows.map((d) => d.id)));
      const twice = ids.filter((id, k) => ids.indexOf(id) !== k);
      for (const id of twice) expect(held.map((d) => d.id)).toContain(id);
    }
  });

  test("the guard refuses at connect time: a saved host that now resolves to 127.0.0.1, and a loopback literal", async () => {
    const form = await seedForm(ctx.db);
    const r = await startReceiver();
    ctx.closers.push(() => r.close());
    // Saved when they were allowed (as if DNS said otherwise then): the worker must still refuse.
    const byName = await insertWebhook(ctx.db, form.id, `http://localhost:${r.port}/hook`);
    const literal = await insertWebhook(ctx.db, form.id, `http://127.0.0.1:${r.port}/hook`);
    await startWorker(ctx, { WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" });
    await storeSubmission(ctx.db, form.id, { n: 1 });
    const a = await waitFor("an attempt by name", async () => (await deliveriesOf(ctx.db, byName.id)).find((d) => d.attempts > 0));
    const b = await waitFor("an attempt to the literal", async () => (await deliveriesOf(ctx.db, literal.id)).find((d) => d.attempts > 0));
    expect(a.lastError).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address$/);
    expect(a.lastStatusCode).toBeNull();
    expect(b.lastError).toBe("Refused: 127.0.0.1 is a loopback address");
    expect(r.received).toEqual([]);
  });
});
