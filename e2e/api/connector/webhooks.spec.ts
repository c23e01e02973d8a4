import { eq } from "drizzle-orm";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { submissions, webhooks } from "../../../db/schema";
import { revokeGrant } from "../../../server/oauth/grants";
import { expect, test, type Seed } from "../../fixtures";
import { connectNewUser, type HttpAnswer } from "../../oauth";
import { startReceiver } from "../webhooks/receiver";
import { postJson, submitPath } from "../survey/survey-fixtures";
import type { APIRequestContext } from "@playwright/test";

/**
 * Connector subscriptions (`/connector/webhooks`) and their deliveries
 * (server/webhooks/delivery/connector-payload.ts), against a real receiver.
 */

const ELEMENTS = [
  { id: "q_name", label: "Name", type: "short-text" },
  { id: "q_email", label: "Email", type: "email" },
];

async function call(
  request: APIRequestContext,
  method: "POST" | "DELETE",
  path: string,
  token: string | null,
  body?: unknown,
): Promise<HttpAnswer> {
  const res = await request.fetch(`/connector${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : undefined, headers: res.headers() };
}

async function waitFor<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A new user connected through OAuth, and their "Leads" form. */
async function connectedLeads(request: APIRequestContext, seed: Seed, baseURL: string, publish = false) {
  const { org, tokens } = await connectNewUser(request, seed, baseURL);
  const form = await seed.form(org.organizationId, { name: "Leads", elements: ELEMENTS }, { publish });
  return { org, tokens, form };
}

test.describe("POST /connector/webhooks", () => {
  test("subscribes; each new non-spam submission reaches the target with the connector payload, signed; DELETE unsubscribes", async ({
    request,
    seed,
    baseURL,
    api,
  }) => {
    const { org, tokens, form } = await connectedLeads(request, seed, baseURL!, true);
    const receiver = await startReceiver();
    try {
      const created = await call(request, "POST", "/webhooks", tokens.access_token, {
        webhook: { form_id: form.id, target_url: receiver.url, events: ["submission.created"] },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        organization_id: org.organizationId,
        form_id: form.id,
        target_url: receiver.url,
        events: ["submission.created"],
        source: "connector",
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const submitted = await postJson(api, submitPath(form.uuid), { data: { q_name: "Ada", q_email: "ada@example.com" }, duration: 30 });
      expect(submitted.status).toBe(201);
      const spam = await postJson(api, submitPath(form.uuid), { data: { q_name: "Bot" }, _website: "spam" });
      expect(spam.status).toBe(201);
      const [spamRow] = await seed.db.select().from(submissions).where(eq(submissions.id, spam.body.id));
      expect(spamRow!.spam).toBe(true);
      const delivery = await waitFor(() => receiver.received[0]);
      expect(delivery.json).toEqual({
        event_type: "submission.created",
        data: {
          id: submitted.body.id,
          form_id: form.uuid,
          spam: false,
          created_at: expect.stringMatching(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}, \d{2}:\d{2}$/),
          submission: { Name: "Ada", Email: "ada@example.com" },
        },
        event_id: expect.any(String),
        retries_done: 0,
      });
      // Signed like form webhooks, with the subscription's own secret.
      const [row] = await seed.db.select().from(webhooks).where(eq(webhooks.id, created.body.id));
      expect(() => new StandardWebhook(row!.secret).verify(delivery.raw, delivery.headers as Record<string, string>)).not.toThrow();
      // The spam submission made no delivery.
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received).toHaveLength(1);

      const removed = await call(request, "DELETE", `/webhooks/${created.body.id}`, tokens.access_token);
      expect(removed.status).toBe(204);
      expect(await seed.db.select().from(webhooks).where(eq(webhooks.id, created.body.id))).toEqual([]);
      expect((await postJson(api, submitPath(form.uuid), { data: { q_name: "Grace" }, duration: 30 })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  test("a 410 from the target removes the subscription; revoking the connection removes the rest", async ({
    request,
    seed,
    baseURL,
    api,
  }) => {
    const { tokens, form } = await connectedLeads(request, seed, baseURL!, true);
    const gone = await startReceiver(() => ({ status: 410 }));
    const live = await startReceiver();
    try {
      const subscribe = async (url: string) =>
        (
          await call(request, "POST", "/webhooks", tokens.access_token, {
            webhook: { form_id: form.id, target_url: url, events: ["submission.created"] },
          })
        ).body.id as number;
      const goneId = await subscribe(gone.url);
      const liveId = await subscribe(live.url);
      expect((await postJson(api, submitPath(form.uuid), { data: { q_name: "Ada" }, duration: 30 })).status).toBe(201);
      await waitFor(() => gone.received[0]);
      await waitFor(() => live.received[0]);
      await expect.poll(async () => (await seed.db.select().from(webhooks).where(eq(webhooks.id, goneId))).length).toBe(0);

      // Revoking the connection (Connected apps, RFC 7009 and replays all end it here) ends its subscriptions.
      const [sub] = await seed.db.select().from(webhooks).where(eq(webhooks.id, liveId));
      expect(await revokeGrant(seed.db, sub!.grantId!)).toBe(true);
      expect(await seed.db.select().from(webhooks).where(eq(webhooks.id, liveId))).toEqual([]);
      expect((await postJson(api, submitPath(form.uuid), { data: { q_name: "Grace" }, duration: 30 })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 500));
      expect(live.received).toHaveLength(1);
    } finally {
      await gone.close();
      await live.close();
    }
  });

  test(`bad bodies are 422 {error}; another organization's form is 404; \
DELETE of a form webhook or someone else's subscription is 404`, async ({ request, seed, baseURL }) => {
    const { org, tokens, form } = await connectedLeads(request, seed, baseURL!);
    const foreign = await seed.form((await seed.org()).organizationId, { name: "Theirs", elements: ELEMENTS });
    const post = (body: unknown) => call(request, "POST", "/webhooks", tokens.access_token, body);
    const ok = { form_id: form.id, target_url: "https://hooks.example.com/x", events: ["submission.created"] };
    for (const [body, error] of [
      [{}, "webhook is required and must be an object with form_id, target_url and events"],
      [{ webhook: "x" }, "webhook is required and must be an object with form_id, target_url and events"],
      [{ webhook: { ...ok, form_id: "12" } }, "webhook.form_id must be an integer"],
      [{ webhook: { ...ok, form_id: 1.5 } }, "webhook.form_id must be an integer"],
      [{ webhook: { ...ok, target_url: "ftp://example.com" } }, "webhook.target_url must be an http or https URL"],
      [{ webhook: { ...ok, events: [] } }, "webhook.events must be a non-empty array of submission.created"],
      [{ webhook: { ...ok, events: ["submission.updated"] } }, "webhook.events[0] must be submission.created"],
      [{ webhook: { ...ok, target_url: "http://169.254.169.254/latest" } }, expect.stringMatching(/^webhook\.target_url is not allowed: /)],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual({ error });
    }
    expect(await post({ webhook: { ...ok, form_id: foreign.id } })).toMatchObject({ status: 404, body: { error: "Form not found" } });
    expect(await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id))).toEqual([]);

    const [formHook] = await seed.db
      .insert(webhooks)
      .values({
        organizationId: org.organizationId,
        formId: form.id,
        source: "form",
        url: "https://hooks.example.com/f",
        events: ["Submission.Created"],
        secret: "whsec_x",
      })
      .returning();
    expect(await call(request, "DELETE", `/webhooks/${formHook!.id}`, tokens.access_token)).toMatchObject({
      status: 404,
      body: { error: "Subscription not found" },
    });
    expect(await call(request, "DELETE", "/webhooks/nope", tokens.access_token)).toMatchObject({
      status: 404,
      body: { error: "Subscription not found" },
    });
    expect(await call(request, "DELETE", "/webhooks/1", null)).toMatchObject({ status: 401 });
    expect((await seed.db.select().from(webhooks).where(eq(webhooks.id, formHook!.id))).length).toBe(1);
  });

  test("a form holds at most 100 connector subscriptions: the 101st is 422 {error} and stores nothing", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { tokens, form } = await connectedLeads(request, seed, baseURL!);
    const subscribe = (target: string) =>
      call(request, "POST", "/webhooks", tokens.access_token, {
        webhook: { form_id: form.id, target_url: target, events: ["submission.created"] },
      });
    expect((await subscribe("http://127.0.0.1:9/0")).status).toBe(201);
    // 99 more like the first (same connection), written directly: the connector allows 60 requests a minute.
    // (Loopback targets: the test server allows private addresses, and nothing here is ever sent.)
    const [first] = await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = first!;
    await seed.db.insert(webhooks).values(Array.from({ length: 99 }, (_, i) => ({ ...copy, url: `https://hooks.example.com/${i + 1}` })));

    expect(await subscribe("http://127.0.0.1:9/new")).toMatchObject({
      status: 422,
      body: { error: "A form can have at most 100 connector subscriptions" },
    });
    expect(await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id))).toHaveLength(100);
  });
});
