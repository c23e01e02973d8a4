import { asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { forms, submissions, webhookDeliveries, webhookDeliveryAttempts, webhooks } from "../../../db/schema";
import { enqueueSubmissionEvent, enqueueSubmissionEvents } from "../../../server/webhooks/delivery/enqueue";
import { expect, test, type ApiClient, type Seed } from "../../fixtures";
import { CONTACT_ELEMENTS } from "../form-fixtures";
import { rotatingClient, tokenClient } from "../token-client";
import { deliveriesOf, storeSubmission } from "./helpers";
import { sleep, startReceiver, waitFor, type Receiver, type Reply } from "./receiver";

/**
 * Deliveries from the server under test (its in-process worker) to real HTTP receivers on
 * loopback: payloads, headers and signatures, retries (the test server's schedule is
 * WEBHOOK_RETRY_SCHEDULE=0.5,0.5,1,1,1,1: seven attempts in about 5 s), disabling, fairness
 * between endpoints, and latency.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ATTEMPTS = 7;

const receivers: Receiver[] = [];
test.afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close().catch(() => {})));
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

/** An organization with the contact form (published), a v2 client, and a webhook on `url`. */
async function setup(seed: Seed, api: ApiClient, url: string, events = ["Submission.Created", "Submission.Updated", "Submission.Deleted"]) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Contact us", elements: CONTACT_ELEMENTS }, { publish: true });
  const c = tokenClient(api, seed, org.organizationId);
  const created = await c.call("POST", `/api/v2/forms/${form.uuid}/webhooks`, { url, events });
  expect(created.status).toBe(201);
  const webhook = created.body.webhook as { id: number; secret: string };
  const path = `/api/v2/forms/${form.uuid}/webhooks/${webhook.id}`;
  return { org, form, c, webhook, path };
}

/** A Submission.Created delivery as listed after its first attempt succeeded; `event` is the payload sent. */
/** `requestId`: the request that caused the event (none for a row the test wrote itself). */
function firstTrySuccess(id: unknown, event: { eventId: string; createdAt: string; test: boolean }, requestId: unknown = null) {
  return {
    id,
    eventId: event.eventId,
    event: "Submission.Created",
    status: "succeeded",
    test: event.test,
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: event.createdAt,
    deliveredAt: expect.any(String),
    requestId,
  };
}

const ADA = {
  full_name: { first_name: "Ada", last_name: "Lovelace" },
  email: "ada@example.com",
  topic: "sales",
  products: ["forms", "api"],
  satisfaction: { row_docs: { col_great: true } },
  colleagues: [{ colleague_name: "Charles Babbage" }],
};

test("Submission.Created and Submission.Deleted: exact payload, Standard Webhooks headers, signature verified", async ({ seed, api }) => {
  const r = await receiver();
  const { org, form, c, webhook, path } = await setup(seed, api, r.url);
  const stored = await storeSubmission(seed.db, form.id, ADA);

  const created = await waitFor("Submission.Created", () => r.received[0]);
  // `data` exactly as v2 returns it, `fields` as v1 returns it but by label all the way down
  // (a matrix's rows and columns, a repeat field's components).
  const v2 = (await c.get(`/api/v2/submissions/${stored.id}`)).body.submission;
  const v1 = await rotatingClient(api, () => seed.v1Token(org.organizationId, form.id)).get(`/api/v1/submissions/${stored.id}`);
  expect(created.json).toEqual({
    event: "Submission.Created",
    eventId: expect.stringMatching(UUID),
    createdAt: expect.any(String),
    test: false,
    form: { id: form.id, uuid: form.uuid, name: "Contact us" },
    submission: {
      id: stored.id,
      formId: form.uuid,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
      spam: false,
      data: v2.data,
      fields: {
        ...v1.body.data,
        "Rate us": { Documentation: { Great: true } },
        "Colleagues to contact": [{ Name: "Charles Babbage" }],
      },
    },
  });
  expect(v2.data).toEqual(ADA);
  expect(v1.body.data).toEqual({
    "Your name": { "First name": "Ada", "Last name": "Lovelace" },
    Email: "ada@example.com",
    Topic: "sales",
    "Products you use": ["forms", "api"],
    "Rate us": { row_docs: { col_great: true } },
    "Colleagues to contact": [{ colleague_name: "Charles Babbage" }],
  });
  // The keys in the documented order, the body as sent.
  expect(Object.keys(created.json)).toEqual(["event", "eventId", "createdAt", "test", "form", "submission"]);
  expect(Object.keys(created.json.submission)).toEqual(["id", "formId", "createdAt", "updatedAt", "spam", "data", "fields"]);
  expect(Math.abs(Date.parse(created.json.createdAt) - Date.now())).toBeLessThan(10_000);

  const [delivery] = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(created.headers["content-type"]).toBe("application/json");
  expect(created.headers["user-agent"]).toBe("Formhouse-Webhooks/1.0");
  expect(created.headers["webhook-id"]).toBe(delivery.id);
  expect(Number(created.headers["webhook-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 10);
  expect(created.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(new Webhook(webhook.secret).verify(created.raw, created.headers as Record<string, string>)).toEqual(created.json);
  expect(() => new Webhook(webhook.secret).verify(created.raw.replace("Ada", "Eve"), created.headers as Record<string, string>)).toThrow();

  await waitFor("the delivery to be recorded", async () => (await c.get(`${path}/deliveries`)).body.deliveries[0].status === "succeeded");
  expect((await c.get(`${path}/deliveries`)).body.deliveries[0]).toEqual(firstTrySuccess(delivery.id, created.json));

  const del = await c.call("DELETE", `/api/v2/submissions/${stored.id}`);
  expect(del.status).toBe(200);
  const deleted = await waitFor("Submission.Deleted", () => r.received[1]);
  expect(deleted.json).toEqual({
    ...created.json,
    event: "Submission.Deleted",
    eventId: expect.stringMatching(UUID),
    createdAt: expect.any(String),
  });
  expect(deleted.json.eventId).not.toBe(created.json.eventId);
  expect(deleted.headers["webhook-id"]).not.toBe(created.headers["webhook-id"]);
  expect(new Webhook(webhook.secret).verify(deleted.raw, deleted.headers as Record<string, string>)).toEqual(deleted.json);
  const list = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(list.map((d: any) => d.event)).toEqual(["Submission.Deleted", "Submission.Created"]);
});

test(`the v1 delete emits Submission.Deleted too; \
a delete that finds nothing, a spam submission and an unsubscribed event emit nothing`, async ({ seed, api }) => {
  const r = await receiver();
  const { org, form, webhook } = await setup(seed, api, r.url, ["Submission.Deleted"]);
  const stored = await storeSubmission(seed.db, form.id, { email: "grace@example.com" });
  await storeSubmission(seed.db, form.id, { email: "spam@example.com" }, { spam: true });
  // Created is not subscribed: nothing was written for either.
  expect(await deliveriesOf(seed.db, webhook.id)).toEqual([]);

  const v1 = rotatingClient(api, () => seed.v1Token(org.organizationId, form.id));
  expect((await v1.call("DELETE", `/api/v1/submissions/${crypto.randomUUID()}`)).status).toBe(400);
  expect(await deliveriesOf(seed.db, webhook.id)).toEqual([]);
  const res = await v1.call("DELETE", `/api/v1/submissions/${stored.id}`);
  expect(res.status).toBe(200);
  const got = await waitFor("Submission.Deleted", () => r.received[0]);
  expect(got.json).toMatchObject({
    event: "Submission.Deleted",
    submission: { id: stored.id, data: { email: "grace@example.com" }, fields: { Email: "grace@example.com" } },
  });

  // The spam submission's delete emits nothing either.
  const [spam] = await seed.db.select().from(submissions).where(eq(submissions.formId, form.id));
  expect(spam!.spam).toBe(true);
  expect((await v1.call("DELETE", `/api/v1/submissions/${spam!.id}`)).status).toBe(200);
  await sleep(300);
  expect(r.received).toHaveLength(1);
  expect(await deliveriesOf(seed.db, webhook.id)).toHaveLength(1);
});

test("the event commits with the change or not at all: a rolled-back transaction leaves no delivery", async ({ seed, api }) => {
  const r = await receiver();
  const { org, form, webhook } = await setup(seed, api, r.url);
  const [formRow] = await seed.db.select().from(forms).where(eq(forms.id, form.id));
  await expect(
    seed.db.transaction(async (tx) => {
      const [s] = await tx.insert(submissions).values({ formId: form.id, organizationId: org.organizationId, data: {} }).returning();
      expect(await enqueueSubmissionEvent(tx, "Submission.Created", { form: formRow!, submission: s! })).toBe(1);
      throw new Error("crash before commit");
    }),
  ).rejects.toThrow("crash before commit");
  await sleep(300);
  expect(await deliveriesOf(seed.db, webhook.id)).toEqual([]);
  expect(await seed.db.select().from(submissions).where(eq(submissions.formId, form.id))).toEqual([]);
  expect(r.received).toEqual([]);
});

test("a bulk change makes one event per submission, each with its own id, in one transaction; spam makes none", async ({ seed, api }) => {
  const r = await receiver();
  const { form, webhook } = await setup(seed, api, r.url, ["Submission.Updated"]);
  const stored = [
    await storeSubmission(seed.db, form.id, { email: "a@example.com" }),
    await storeSubmission(seed.db, form.id, { email: "b@example.com" }),
    await storeSubmission(seed.db, form.id, { email: "c@example.com" }, { spam: true }),
  ];
  const [formRow] = await seed.db.select().from(forms).where(eq(forms.id, form.id));
  const written = await seed.db.transaction((tx) => enqueueSubmissionEvents(tx, "Submission.Updated", formRow!, stored));
  expect(written).toBe(2);
  const deliveries = await deliveriesOf(seed.db, webhook.id);
  expect(deliveries.map((d) => (d.payload as { submission: { id: string } }).submission.id).sort()).toEqual(
    [stored[0]!.id, stored[1]!.id].sort(),
  );
  expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(2);
  expect(deliveries.every((d) => d.eventType === "Submission.Updated")).toBe(true);
  const got = await waitFor("both events", () => r.received.length >= 2 && r.received);
  expect(got.map((x) => x.json.event)).toEqual(["Submission.Updated", "Submission.Updated"]);
});

test("a receiver that is down for a while gets every event exactly once when it is back", async ({ seed, api }) => {
  const r = await receiver();
  await r.down();
  const { form, c, path } = await setup(seed, api, r.url);
  for (let i = 0; i < 3; i++) await storeSubmission(seed.db, form.id, { email: `n${i}@example.com` });
  await waitFor("failed first attempts", async () => {
    const list = (await c.get(`${path}/deliveries`)).body.deliveries;
    return list.length === 3 && list.every((d: any) => d.attempts >= 1 && d.status === "pending") && list;
  });
  const pending = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(pending[0]).toMatchObject({
    status: "pending",
    lastStatusCode: null,
    lastError: "Connection refused",
    deliveredAt: null,
    nextAttemptAt: expect.any(String),
  });

  await r.up();
  await waitFor("three deliveries", () => r.received.length >= 3);
  await sleep(1500); // room for duplicates, were there any
  const ids = r.received.map((x) => x.headers["webhook-id"]);
  expect(ids.sort()).toEqual(pending.map((d: any) => d.id).sort());
  expect(r.received.map((x) => x.json.submission.data.email).sort()).toEqual(["n0@example.com", "n1@example.com", "n2@example.com"]);
  const done = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(done.every((d: any) => d.status === "succeeded" && d.attempts >= 2 && d.lastError === null && d.lastStatusCode === 200)).toBe(
    true,
  );
});

test("failures are retried on the schedule with a fresh signature, then failed; a manual retry sends it again (202)", async ({
  seed,
  api,
}) => {
  const r = await receiver(() => ({ status: 500, body: "upstream down \u0000 try later" }));
  const { form, c, webhook, path } = await setup(seed, api, r.url);
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  const failed = await waitFor(
    "the retries to run out",
    async () => {
      const [d] = (await c.get(`${path}/deliveries`)).body.deliveries;
      return d?.status === "failed" && d;
    },
    15_000,
  );
  expect(failed).toMatchObject({
    status: "failed",
    attempts: ATTEMPTS,
    lastStatusCode: 500,
    lastError: "HTTP 500",
    nextAttemptAt: null,
    deliveredAt: null,
  });
  expect(r.received).toHaveLength(ATTEMPTS);
  expect(new Set(r.received.map((x) => x.headers["webhook-id"]))).toEqual(new Set([failed.id]));
  // Signed afresh for each attempt: the timestamps move on (whole seconds), and each verifies.
  expect(new Set(r.received.map((x) => x.headers["webhook-timestamp"])).size).toBeGreaterThanOrEqual(4);
  for (const x of r.received) expect(new Webhook(webhook.secret).verify(x.raw, x.headers as Record<string, string>)).toEqual(x.json);
  // Gaps follow 0.5, 0.5, 1, 1, 1, 1 s (±10 % jitter, plus a little scheduling slack).
  const gaps = r.received.slice(1).map((x, i) => x.at - r.received[i]!.at);
  [500, 500, 1000, 1000, 1000, 1000].forEach((step, i) => {
    expect(gaps[i]!, `gap ${i}`).toBeGreaterThanOrEqual(step * 0.9 - 20);
    expect(gaps[i]!, `gap ${i}`).toBeLessThan(step * 1.1 + 600);
  });

  r.reply(() => ({ status: 200 }));
  const retried = await c.call("POST", `${path}/deliveries/${failed.id}/retry`);
  expect(retried.status).toBe(202);
  // Due again at once; a quick worker may already have sent it by the time the answer is read.
  const answered = retried.body.delivery;
  if (answered.status === "pending") expect(answered).toEqual({ ...failed, status: "pending", nextAttemptAt: expect.any(String) });
  else expect(answered).toMatchObject({ id: failed.id, eventId: failed.eventId, status: "succeeded", attempts: ATTEMPTS + 1 });
  await waitFor("the retry", () => r.received.length === ATTEMPTS + 1);
  expect(r.received.at(-1)!.headers["webhook-id"]).toBe(failed.id);
  const [done] = await waitFor("success recorded", async () => {
    const list = (await c.get(`${path}/deliveries`)).body.deliveries;
    return list[0].status === "succeeded" && list;
  });
  expect(done).toMatchObject({
    status: "succeeded",
    attempts: ATTEMPTS + 1,
    lastStatusCode: 200,
    lastError: null,
    deliveredAt: expect.any(String),
  });
  const [row] = await seed.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
  expect(row!.failingSince).toBeNull();

  // The log keeps every attempt: its number, status, time taken and the start of the answer (NUL removed).
  const attempts = await seed.db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, failed.id))
    .orderBy(asc(webhookDeliveryAttempts.attempt));
  expect(attempts.map((a) => [a.attempt, a.statusCode, a.error, a.responseExcerpt])).toEqual([
    ...Array.from({ length: ATTEMPTS }, (_, i) => [i + 1, 500, "HTTP 500", "upstream down  try later"]),
    [ATTEMPTS + 1, 200, null, ""],
  ]);
  for (const a of attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
});

test("Retry-After on a 429 is honoured; a redirect is not followed and counts as a failure", async ({ seed, api }) => {
  const elsewhere = await receiver();
  const r = await receiver(
    (_, n): Reply =>
      n === 1 ? { status: 429, headers: { "retry-after": "2" } } : n === 2 ? { status: 302, headers: { location: elsewhere.url } } : {},
  );
  const { form, c, path } = await setup(seed, api, r.url);
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  await waitFor("a 429, a 302 and a success", () => r.received.length >= 3, 8000);
  expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(1950);
  expect(r.received[2]!.at - r.received[1]!.at).toBeLessThan(1500);
  expect(elsewhere.received).toEqual([]);
  const d = await waitFor("success recorded", async () => {
    const [x] = (await c.get(`${path}/deliveries`)).body.deliveries;
    return x.status === "succeeded" && x;
  });
  expect(d.attempts).toBe(3);
});

test("a 302 is recorded as the attempt's failure", async ({ seed, api }) => {
  const r = await receiver(() => ({ status: 302, headers: { location: "http://127.0.0.1:9/" } }));
  const { form, c, path } = await setup(seed, api, r.url);
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  const d = await waitFor("a recorded attempt", async () => {
    const [x] = (await c.get(`${path}/deliveries`)).body.deliveries;
    return x?.attempts >= 1 && x;
  });
  expect(d).toMatchObject({ status: "pending", lastStatusCode: 302, lastError: "HTTP 302 (redirects are not followed)" });
  await c.call("DELETE", path);
});

test("410 Gone disables the webhook at once; later events are not recorded for it", async ({ seed, api }) => {
  const r = await receiver(() => ({ status: 410 }));
  const { form, c, webhook, path } = await setup(seed, api, r.url);
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  const disabled = await waitFor("the webhook to be disabled", async () => {
    const w = (await c.get(path)).body.webhook;
    return !w.enabled && w;
  });
  expect(disabled).toMatchObject({ enabled: false, disabledReason: "Disabled automatically: the endpoint answered 410 Gone" });
  const [d] = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(d).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 410, lastError: "HTTP 410", nextAttemptAt: null });
  await storeSubmission(seed.db, form.id, { email: "b@example.com" });
  await sleep(700);
  expect(r.received).toHaveLength(1);
  expect(await deliveriesOf(seed.db, webhook.id)).toHaveLength(1);

  // Switched back on, it receives the next events.
  expect((await c.call("PATCH", path, { enabled: true })).body.webhook).toMatchObject({ enabled: true, disabledReason: null });
  r.reply(() => ({}));
  await storeSubmission(seed.db, form.id, { email: "c@example.com" });
  const next = await waitFor("the next event", () => r.received[1]);
  expect(next.json.submission.data).toEqual({ email: "c@example.com" });
});

test("an endpoint that failed every attempt for 5 days is disabled, and says why", async ({ seed, api }) => {
  const r = await receiver(() => ({ status: 503 }));
  const { form, c, webhook, path } = await setup(seed, api, r.url);
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  await waitFor("a first failure", async () => (await seed.db.select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]!.failingSince);
  // The streak started five days ago (the clock is not ours to move).
  await seed.db
    .update(webhooks)
    .set({ failingSince: sql`now() - interval '5 days 1 minute'` })
    .where(eq(webhooks.id, webhook.id));
  const disabled = await waitFor("the webhook to be disabled", async () => {
    const w = (await c.get(path)).body.webhook;
    return !w.enabled && w;
  });
  expect(disabled.disabledReason).toBe("Disabled automatically: every delivery failed for 5 days (last error: HTTP 503)");
  const [d] = (await c.get(`${path}/deliveries`)).body.deliveries;
  expect(d).toMatchObject({ status: "failed", attempts: 2, lastStatusCode: 503, lastError: "HTTP 503", nextAttemptAt: null });
});

test("a slow endpoint does not delay another: at most 5 attempts to it at once, the other gets everything, retries too", async ({
  seed,
  api,
}) => {
  // The slow endpoint answers after 12 s (within the 15 s attempt timeout): everything the fast
  // endpoint gets before the slow one's first answer was not held up by it.
  const SLOW_MS = 12_000;
  const slow = await receiver(() => ({ delayMs: SLOW_MS }));
  // The first attempt of the last event fails at the fast endpoint: with no event left to wake
  // the worker, its retry must still not wait for the slow endpoint's attempts.
  let failedOnce = false;
  const fast = await receiver(
    (r): Reply => (r.json.submission.data.email === "n14@example.com" && !failedOnce ? ((failedOnce = true), { status: 500 }) : {}),
  );
  const { form, c } = await setup(seed, api, slow.url, ["Submission.Created"]);
  expect((await c.call("POST", `/api/v2/forms/${form.uuid}/webhooks`, { url: fast.url, events: ["Submission.Created"] })).status).toBe(201);
  for (let i = 0; i < 15; i++) await storeSubmission(seed.db, form.id, { email: `n${i}@example.com` });
  const distinct = () => new Set(fast.received.map((x) => x.headers["webhook-id"])).size;
  await waitFor("all 15 at the fast endpoint", () => distinct() === 15 && fast.received.length === 16, SLOW_MS);
  const firstSlowAnswer = slow.received.length ? slow.received[0]!.at + SLOW_MS : Infinity;
  expect(fast.received.at(-1)!.at).toBeLessThan(firstSlowAnswer);
  expect(slow.received.length).toBeLessThanOrEqual(5);
  await sleep(500);
  expect(slow.received.length).toBe(5);
});

test("a healthy endpoint gets the event within moments of the commit: the worker is woken, not polling", async ({ seed, api }) => {
  const r = await receiver();
  const { form } = await setup(seed, api, r.url, ["Submission.Created"]);
  const latencies: number[] = [];
  for (let i = 0; i < 5; i++) {
    await storeSubmission(seed.db, form.id, { email: `n${i}@example.com` });
    const committed = Date.now();
    const got = await waitFor("the delivery", () => r.received[i], 3000, 2);
    latencies.push(got.at - committed);
  }
  // The slow poll is 5 s; every delivery came far sooner.
  for (const ms of latencies) expect(ms).toBeLessThan(1000);
});

test("POST …/test sends a signed test event with sample data now and answers its outcome", async ({ seed, api }) => {
  const r = await receiver();
  const { form, c, webhook, path } = await setup(seed, api, r.url, ["Submission.Deleted"]);
  const res = await c.call("POST", `${path}/test`);
  expect(res.status).toBe(200);
  expect(r.received).toHaveLength(1);
  const got = r.received[0]!;
  expect(res.body).toEqual({
    delivery: firstTrySuccess(got.headers["webhook-id"], got.json, res.headers["x-request-id"]),
  });
  expect(new Webhook(webhook.secret).verify(got.raw, got.headers as Record<string, string>)).toEqual(got.json);
  expect(got.json).toMatchObject({ event: "Submission.Created", test: true, form: { id: form.id, uuid: form.uuid, name: "Contact us" } });
  const data = got.json.submission.data;
  expect(Object.keys(data).sort()).toEqual((CONTACT_ELEMENTS as { id: string }[]).map((e) => e.id).sort());
  expect(data).toMatchObject({
    email: "jane.doe@example.com",
    employees: 42,
    topic: "sales",
    products: ["forms"],
    priorities: ["price", "speed", "privacy"],
    satisfaction: { row_docs: { col_bad: true }, row_support: { col_bad: true } },
    full_name: { first_name: "Sample First name", last_name: "Sample Last name" },
  });
  expect(got.json.submission.fields).toMatchObject({
    Email: "jane.doe@example.com",
    "Your name": { "First name": "Sample First name", "Last name": "Sample Last name" },
  });

  // A failing endpoint: the answer says so, and a test is tried only once.
  r.reply(() => ({ status: 500 }));
  const failed = await c.call("POST", `${path}/test`);
  expect(failed.status).toBe(200);
  expect(failed.body.delivery).toMatchObject({
    status: "failed",
    attempts: 1,
    lastStatusCode: 500,
    lastError: "HTTP 500",
    nextAttemptAt: null,
    deliveredAt: null,
  });
  await sleep(1200);
  expect(r.received).toHaveLength(2);
});

test("after a rotation both secrets sign for 24 hours, then only the new one", async ({ seed, api }) => {
  const r = await receiver();
  const { form, c, webhook, path } = await setup(seed, api, r.url, ["Submission.Created"]);
  const { secret } = (await c.call("POST", `${path}/rotate_secret`)).body;
  await storeSubmission(seed.db, form.id, { email: "a@example.com" });
  const during = await waitFor("a delivery", () => r.received[0]);
  const headers = during.headers as Record<string, string>;
  expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
  expect(new Webhook(secret).verify(during.raw, headers)).toEqual(during.json);
  expect(new Webhook(webhook.secret).verify(during.raw, headers)).toEqual(during.json);

  await seed.db
    .update(webhooks)
    .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(webhooks.id, webhook.id));
  await storeSubmission(seed.db, form.id, { email: "b@example.com" });
  const after = await waitFor("a delivery", () => r.received[1]);
  const afterHeaders = after.headers as Record<string, string>;
  expect(afterHeaders["webhook-signature"]!.split(" ")).toHaveLength(1);
  expect(new Webhook(secret).verify(after.raw, afterHeaders)).toEqual(after.json);
  expect(() => new Webhook(webhook.secret).verify(after.raw, afterHeaders)).toThrow();
});

test("a new URL receives the deliveries from then on; a disabled webhook records nothing", async ({ seed, api }) => {
  const a = await receiver();
  const b = await receiver();
  const { form, c, webhook, path } = await setup(seed, api, a.url, ["Submission.Created"]);
  await storeSubmission(seed.db, form.id, { email: "1@example.com" });
  await waitFor("the first delivery", () => a.received[0]);
  expect((await c.call("PATCH", path, { url: b.url })).status).toBe(200);
  await storeSubmission(seed.db, form.id, { email: "2@example.com" });
  const got = await waitFor("a delivery to the new URL", () => b.received[0]);
  expect(got.json.submission.data.email).toBe("2@example.com");

  expect((await c.call("PATCH", path, { enabled: false })).status).toBe(200);
  await storeSubmission(seed.db, form.id, { email: "3@example.com" });
  await sleep(500);
  expect(a.received).toHaveLength(1);
  expect(b.received).toHaveLength(1);
  expect(await seed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id))).toHaveLength(2);
});
