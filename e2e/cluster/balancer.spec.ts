import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { formNotifications, mailMessages, submissions, webhookDeliveries, webhookDeliveryAttempts } from "../../db/schema";
import { INTERRUPTED_ATTEMPT } from "../../server/webhooks/delivery/outbox";
import { V2_SCOPES } from "../../lib/scopes/token-scopes";
import { importForm } from "../../server/services/forms/import-form";
import { createApiToken } from "../../server/services/tokens/create-token";
import { createUserWithOrganization } from "../../server/services/users/create-user";
import { freshDatabase } from "../../scripts/lib/fresh-database";
import { expect, test } from "../fixtures";
import { attemptSignIn } from "../api/sign-in-client";
import { insertWebhook } from "../api/webhooks/helpers";
import { startReceiver, waitFor, type Receiver } from "../api/webhooks/receiver";
import { mailTo } from "../mail/mailbox";
import { Cluster, haproxyBinary } from "../../scripts/lib/cluster";

/**
 * Three instances on one database behind HAProxy with the configuration we ship
 * (deploy/haproxy.cfg): sessions, submits, deliveries, mail and the rate limit hold whichever
 * instance answers; a rolling restart under load fails no request; a SIGKILL loses no
 * acknowledged submission. The tests share the cluster and run in order.
 */
test.describe.configure({ mode: "serial" });

const binary = haproxyBinary();
let cluster: Cluster;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let owner: { userId: number; organizationId: number; email: string; password: string };
const receivers: Receiver[] = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  if (!binary) {
    // CI installs Debian's haproxy (.ci/run): there its absence is a failure, not a skip.
    if (process.env.CI) throw new Error("haproxy is not installed: .ci/run installs it");
    return;
  }
  database = await freshDatabase();
  const email = `user-${randomUUID()}@example.test`;
  const password = "correct horse battery staple";
  owner = { ...(await createUserWithOrganization(database.db, { email, password, name: "Balanced" })), email, password };
  cluster = await Cluster.start(database.url, 3, { SUBMIT_RATE_LIMIT_MAX: "1000000" });
  await cluster.startBalancer(binary);
});

test.afterAll(async () => {
  await cluster?.close();
  await Promise.all(receivers.map((r) => r.close()));
  await database?.drop();
});

test.beforeEach(() => {
  test.skip(!binary, "haproxy is not installed on this machine (apt-get install haproxy; CI installs it)");
});

async function formWithHook(name: string) {
  const form = await importForm(
    database.db,
    owner.organizationId,
    { name, elements: [{ id: "n", label: "N", type: "number" }] },
    { publish: true },
  );
  const receiver = await startReceiver();
  receivers.push(receiver);
  const hook = await insertWebhook(database.db, form.id, receiver.url);
  return { form, receiver, hook };
}

const submit = (uuid: string, n: number) =>
  fetch(`${cluster.url}/f/${uuid}/submit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { n } }),
    signal: AbortSignal.timeout(30_000),
  });

const delta = (after: number[], before: number[]) => after.map((n, i) => n - before[i]!);

test("sign-in and the dashboard work whichever instance answers", async () => {
  await importForm(database.db, owner.organizationId, { name: "Seen from every instance", elements: [] });
  const before = await cluster.requestsPerServer();
  const signIn = await attemptSignIn(cluster.url, owner.email, owner.password);
  expect(signIn.error).toBeNull();
  const list = `${cluster.url}/api/trpc/forms.list?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`;
  for (let i = 0; i < 3; i++) {
    const page = await fetch(`${cluster.url}/forms`, { headers: { cookie: signIn.sessionCookie! }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-testid="user-email" title="${owner.email}"`);
    const forms = await fetch(list, { headers: { cookie: signIn.sessionCookie! } });
    expect(forms.status).toBe(200);
    expect(JSON.stringify(await forms.json())).toContain("Seen from every instance");
  }
  // Round robin: every instance answered some of the sign-in's and the pages' requests.
  for (const n of delta(await cluster.requestsPerServer(), before)) expect(n).toBeGreaterThanOrEqual(2);
});

test("300 submits over three instances: all stored, each webhook delivered once and each mail sent once", async () => {
  const { form, receiver, hook } = await formWithHook("Three hundred");
  await database.db.insert(formNotifications).values({ userId: owner.userId, formId: form.id, mode: "each" });
  const before = await cluster.requestsPerServer();
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async (_, c) => {
      for (let k = 0; k < 30; k++) {
        const res = await submit(form.uuid, c * 100 + k);
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: string }).id);
      }
    }),
  );
  for (const n of delta(await cluster.requestsPerServer(), before)) expect(n).toBeGreaterThanOrEqual(80);
  const stored = await database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, form.id));
  expect(new Set(stored.map((s) => s.id))).toEqual(new Set(ids));

  await waitFor("300 webhook deliveries", () => receiver.received.length >= 300, 60_000, 100);
  const mailed = await waitFor(
    "300 notification mails",
    async () => {
      const rows = await database.db
        .select({ status: mailMessages.status, attempts: mailMessages.attempts })
        .from(mailMessages)
        .where(and(eq(mailMessages.formId, form.id), eq(mailMessages.kind, "notification")));
      return rows.length === 300 && rows.every((r) => r.status === "sent") ? rows : null;
    },
    90_000,
    250,
  );
  // Settled: nothing more arrives.
  await new Promise((r) => setTimeout(r, 1500));
  const delivered = receiver.received.map((r) => r.json.submission.id as string);
  expect(delivered).toHaveLength(300);
  expect(new Set(delivered)).toEqual(new Set(ids));
  const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
  expect(rows.every((d) => d.status === "succeeded" && d.attempts === 1)).toBe(true);
  expect(mailed.every((m) => m.attempts === 1)).toBe(true);
  const inbox = (await mailTo(owner.email)).filter((m) => m.parsed.subject === "New response: Three hundred");
  expect(inbox).toHaveLength(300);
  expect(new Set(inbox.map((m) => m.parsed.messageId)).size).toBe(300);
});

test("the API rate limit of 10 requests per 60 s holds across instances", async () => {
  const { token } = await createApiToken(database.db, { organizationId: owner.organizationId, kind: "v2", scopes: [...V2_SCOPES] });
  const before = await cluster.requestsPerServer();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++)
    statuses.push((await fetch(`${cluster.url}/api/v2/forms`, { headers: { "x-service-token": token } })).status);
  expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  for (const n of delta(await cluster.requestsPerServer(), before)) expect(n).toBeGreaterThanOrEqual(3);
});

/** Submits and API reads through the balancer until `stop()`: every outcome, and the reads' latencies. */
function steadyLoad(uuid: string) {
  let running = true;
  const failures: string[] = [];
  const acknowledged: string[] = [];
  const readMs: number[] = [];
  const mint = async () =>
    (await createApiToken(database.db, { organizationId: owner.organizationId, kind: "v2", scopes: [...V2_SCOPES] })).token;
  const submitter = async (c: number) => {
    for (let k = 0; running; k++) {
      try {
        const res = await submit(uuid, c * 10_000 + k);
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        else failures.push(`submit ${res.status} ${await res.text()}`);
      } catch (err) {
        failures.push(`submit ${(err as Error).message} ${((err as Error).cause as Error | undefined)?.message ?? ""}`);
      }
      // Steady, not flat out: two cores also have to start the restarted instances.
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const reader = async () => {
    let token = await mint();
    for (let k = 0; running; k++) {
      if (k % 10 === 9) token = await mint();
      const started = performance.now();
      try {
        const res = await fetch(`${cluster.url}/api/v2/forms`, {
          headers: { "x-service-token": token },
          signal: AbortSignal.timeout(30_000),
        });
        await res.text();
        if (res.status === 200) readMs.push(performance.now() - started);
        else failures.push(`read ${res.status}`);
      } catch (err) {
        failures.push(`read ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const all = Promise.all([0, 1, 2].map(submitter).concat([reader(), reader()]));
  return {
    failures,
    acknowledged,
    readMs,
    async stop() {
      running = false;
      await all;
    },
  };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;

test("a rolling restart under steady load of submits and API reads fails no request", async () => {
  test.setTimeout(180_000);
  const { form, receiver } = await formWithHook("Rolling");
  const load = steadyLoad(form.uuid);
  await new Promise((r) => setTimeout(r, 1000));
  for (let i = 0; i < 3; i++) {
    expect(await cluster.stop(i)).toBe(0);
    await cluster.restart(i);
  }
  await new Promise((r) => setTimeout(r, 1000));
  await load.stop();
  expect(load.failures).toEqual([]);
  expect(load.acknowledged.length).toBeGreaterThan(50);
  test
    .info()
    .annotations.push({ type: "p99 of GET /api/v2/forms during the rolling restart", description: `${p99(load.readMs).toFixed(0)} ms` });
  // Every instance stopped with the deliveries it had under way recorded: each acknowledged submission's webhook arrives once.
  await waitFor("every acknowledged submission's webhook", () => receiver.received.length >= load.acknowledged.length, 60_000, 100);
  await new Promise((r) => setTimeout(r, 1000));
  const delivered = receiver.received.map((r) => r.json.submission.id as string);
  expect(new Set(delivered)).toEqual(new Set(load.acknowledged));
  expect(delivered).toHaveLength(load.acknowledged.length);
});

test("kill -9 mid-load loses no acknowledged submission; only an interrupted delivery is sent twice, as a retry", async () => {
  test.setTimeout(150_000);
  const { form, receiver, hook } = await formWithHook("Killed");
  // The receiver answers slowly, so deliveries are under way at the kill.
  receiver.reply(() => ({ delayMs: 400 }));
  const load = steadyLoad(form.uuid);
  await waitFor("submits acknowledged", () => load.acknowledged.length >= 60, 30_000, 50);
  await cluster.kill(1);
  await new Promise((r) => setTimeout(r, 3000));
  await load.stop();

  const stored = await database.db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, load.acknowledged));
  expect(stored).toHaveLength(load.acknowledged.length);
  await waitFor(
    "every acknowledged submission's webhook",
    () => {
      const got = new Set(receiver.received.map((r) => r.json.submission.id as string));
      return load.acknowledged.every((id) => got.has(id));
    },
    60_000,
    100,
  );
  await waitFor(
    "every delivery to settle",
    async () =>
      (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).every(
        (d) => d.status === "succeeded",
      ),
    30_000,
    100,
  );
  const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
  const byId = new Map(rows.map((d) => [d.id, d]));
  const ids = receiver.received.map((r) => r.headers["webhook-id"] as string);
  const twice = ids.filter((id, k) => ids.indexOf(id) !== k);
  // A delivery sent twice was in flight at the kill: its row counts the interrupted attempt.
  for (const id of twice) {
    expect(byId.get(id)!.attempts).toBeGreaterThanOrEqual(2);
    const log = await database.db.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, id));
    expect(log.map((a) => a.error)).toContain(INTERRUPTED_ATTEMPT);
  }
  expect(rows.filter((d) => d.attempts === 1).every((d) => ids.filter((x) => x === d.id).length === 1)).toBe(true);
  await cluster.restart(1);
});
