import { eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../../db/schema";
import { expect, test, type ApiClient, type Seed } from "../../fixtures";
import { tokenClient } from "../token-client";
import { storeSubmission } from "./helpers";
import { startReceiver, waitFor } from "./receiver";

/**
 * Managing form webhooks over /api/v2/forms/:form_uuid/webhooks: create (secret shown once),
 * list, get, update, delete, rotate, deliveries and retry; validation, address checks,
 * tenancy, scopes and the OpenAPI document.
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const ALL = ["Submission.Created", "Submission.Updated", "Submission.Deleted"];

/** A new organization with a (published) form, and a v2 client with every scope. */
async function publishedForm(seed: Seed, api: ApiClient, opts: { publish?: boolean } = {}) {
  const org = await seed.org();
  const form = await seed.form(
    org.organizationId,
    { name: "Signups", elements: [{ id: "email", label: "Email", type: "email" }] },
    { publish: opts.publish ?? true },
  );
  return { org, form, c: tokenClient(api, seed, org.organizationId) };
}

const base = (uuid: string) => `/api/v2/forms/${uuid}/webhooks`;

test.describe("POST /api/v2/forms/:form_uuid/webhooks", () => {
  test("creates a webhook: 201 with the secret, which no other answer shows", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const res = await c.call("POST", base(form.uuid), {
      url: "http://127.0.0.1:9/hooks?x=1",
      events: ["Submission.Deleted", "Submission.Created", "Submission.Deleted"],
    });
    expect(res.status).toBe(201);
    const { webhook } = res.body;
    expect(Object.keys(res.body)).toEqual(["webhook"]);
    expect(webhook).toEqual({
      id: expect.any(Number),
      url: "http://127.0.0.1:9/hooks?x=1",
      events: ["Submission.Created", "Submission.Deleted"],
      enabled: true,
      disabledReason: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      secret: expect.stringMatching(SECRET),
    });

    const { secret, ...shown } = webhook;
    const list = await c.get(base(form.uuid));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ webhooks: [shown], meta: { page: 1, perPage: 20, total: 1 } });
    const one = await c.get(`${base(form.uuid)}/${webhook.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ webhook: shown });
    expect(list.text + one.text).not.toContain(secret);

    // Stored as given; by numeric form id too.
    const [row] = await seed.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.secret).toBe(secret);
    expect((await c.get(`/api/v2/forms/${form.id}/webhooks/${webhook.id}`)).body).toEqual({ webhook: shown });
  });

  test("enabled: false creates it switched off, with the owner's reason", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const res = await c.call("POST", base(form.uuid), { url: "http://localhost:9/h", events: ["Submission.Updated"], enabled: false });
    expect(res.status).toBe(201);
    expect(res.body.webhook).toMatchObject({ enabled: false, disabledReason: "Disabled manually", events: ["Submission.Updated"] });
  });

  test("400 for a missing or non-http(s) url, events that are not a non-empty array of the three, or a bad enabled", async ({
    seed,
    api,
  }) => {
    const { form, c } = await publishedForm(seed, api);
    const events = ["Submission.Created"];
    const cases: [unknown, string][] = [
      [{ events }, "url is required and must be a string"],
      [{ url: "", events }, "url is required and must be a string"],
      [{ url: 42, events }, "url is required and must be a string"],
      [{ url: "ftp://example.com/x", events }, "url must be an http or https URL"],
      [{ url: "javascript:alert(1)", events }, "url must be an http or https URL"],
      [{ url: "example.com/hook", events }, "url must be an http or https URL"],
      [{ url: "https://user:pw@example.com/hook", events }, "url must not contain a user name or password"],
      [{ url: `https://example.com/${"a".repeat(2048)}`, events }, "url must be at most 2048 characters"],
      [{ url: "https://example.com/h" }, `events must be a non-empty array of ${ALL.join(", ")}`],
      [{ url: "https://example.com/h", events: [] }, `events must be a non-empty array of ${ALL.join(", ")}`],
      [{ url: "https://example.com/h", events: "Submission.Created" }, `events must be a non-empty array of ${ALL.join(", ")}`],
      [
        { url: "https://example.com/h", events: ["Submission.Created", "submission.created"] },
        `events[1] must be one of ${ALL.join(", ")}`,
      ],
      [{ url: "https://example.com/h", events, enabled: "yes" }, "enabled must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await c.call("POST", base(form.uuid), body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(await seed.db.select().from(webhooks).where(eq(webhooks.formId, form.id))).toEqual([]);
  });

  test("422 Form must be published to add webhooks", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api, { publish: false });
    const res = await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/h", events: ["Submission.Created"] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "Form must be published to add webhooks" });
  });

  test("422 for addresses that are refused even with private targets allowed, in every spelling", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const cases: [string, string][] = [
      ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address"],
      ["http://2852039166/", "169.254.169.254 is a cloud metadata address"],
      ["http://0xA9FEA9FE/", "169.254.169.254 is a cloud metadata address"],
      ["http://[::ffff:169.254.169.254]/", "169.254.169.254 is a cloud metadata address"],
      ["http://[fd00:ec2::254]/", "fd00:ec2::254 is a cloud metadata address"],
      ["http://169.254.10.1/", "169.254.10.1 is a link-local address"],
      ["http://[fe80::1]/", "fe80::1 is a link-local address"],
      ["http://100.64.1.1/", "100.64.1.1 is a carrier-grade NAT address"],
      ["http://0.0.0.0:8080/", "0.0.0.0 is an unspecified address"],
      ["http://224.0.0.251/", "224.0.0.251 is a multicast address"],
      ["http://no-such-host.invalid/", "no-such-host.invalid could not be resolved"],
    ];
    for (const [url, reason] of cases) {
      const res = await c.call("POST", base(form.uuid), { url, events: ["Submission.Created"] });
      expect(res.status, url).toBe(422);
      expect(res.body).toEqual({ message: `url is not allowed: ${reason}` });
    }
    // The test server allows loopback and private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS=true).
    expect((await c.call("POST", base(form.uuid), { url: "http://localhost:9/h", events: ["Submission.Created"] })).status).toBe(201);
  });

  test("a form has at most 20 webhooks: the 21st is 422", async ({ seed, api }) => {
    const { org, form, c } = await publishedForm(seed, api);
    await seed.db.insert(webhooks).values(
      Array.from({ length: 20 }, (_, i) => ({
        organizationId: org.organizationId,
        formId: form.id,
        source: "form" as const,
        url: `https://example.com/${i}`,
        events: ["Submission.Created"],
        secret: "whsec_x",
      })),
    );
    const res = await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/21", events: ["Submission.Created"] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "A form can have at most 20 webhooks" });
  });
});

test.describe("GET, PATCH, DELETE /api/v2/forms/:form_uuid/webhooks/:id", () => {
  test("PATCH changes url and events; absent fields stay; an empty body changes nothing", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const { webhook } = (await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/a", events: ["Submission.Created"] })).body;
    const path = `${base(form.uuid)}/${webhook.id}`;

    const empty = await c.call("PATCH", path, {});
    expect(empty.status).toBe(200);
    expect(empty.body.webhook).toMatchObject({ url: "http://127.0.0.1:9/a", events: ["Submission.Created"], enabled: true });

    const res = await c.call("PATCH", path, { url: "http://127.0.0.1:9/b", events: ["Submission.Updated", "Submission.Created"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      webhook: {
        ...webhook,
        secret: undefined,
        url: "http://127.0.0.1:9/b",
        events: ["Submission.Created", "Submission.Updated"],
        updatedAt: expect.stringMatching(ISO),
      },
    });
    expect(res.text).not.toContain("whsec_");

    const bad = await c.call("PATCH", path, { url: "http://169.254.169.254/" });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: "url is not allowed: 169.254.169.254 is a cloud metadata address" });
    for (const [body, message] of [
      [{ url: "gopher://x" }, "url must be an http or https URL"],
      [{ events: [] }, `events must be a non-empty array of ${ALL.join(", ")}`],
      [{ enabled: "false" }, "enabled must be true or false"],
    ] as const) {
      const r = await c.call("PATCH", path, body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message });
    }
    expect((await c.get(path)).body.webhook.url).toBe("http://127.0.0.1:9/b");
  });

  test("disabling fails the waiting deliveries and says why; enabling clears the reason and the failure streak", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    // A receiver that is down: the delivery waits for its retry.
    const r = await startReceiver();
    await r.down();
    const { webhook } = (await c.call("POST", base(form.uuid), { url: r.url, events: ["Submission.Created"] })).body;
    await storeSubmission(seed.db, form.id, { email: "a@example.com" });
    const path = `${base(form.uuid)}/${webhook.id}`;
    await waitFor(
      "a failed attempt",
      async () => (await seed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id)))[0]?.attempts,
    );

    const off = await c.call("PATCH", path, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.webhook).toMatchObject({ enabled: false, disabledReason: "Disabled manually" });
    const deliveries = await waitFor("the delivery to be failed", async () => {
      const list = (await c.get(`${path}/deliveries`)).body.deliveries;
      return list[0]?.status === "failed" && list;
    });
    expect(deliveries[0]).toMatchObject({ status: "failed", lastError: "Connection refused", nextAttemptAt: null, deliveredAt: null });

    await seed.db
      .update(webhooks)
      .set({ failingSince: sql`now() - interval '1 day'` })
      .where(eq(webhooks.id, webhook.id));
    const on = await c.call("PATCH", path, { enabled: true });
    expect(on.body.webhook).toMatchObject({ enabled: true, disabledReason: null });
    const [row] = await seed.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.failingSince).toBeNull();
    await r.close().catch(() => {});
  });

  test("DELETE answers 204 without a body and takes the deliveries with it; then 404", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const created = await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"] });
    expect(created.status).toBe(201);
    const { webhook } = created.body;
    await storeSubmission(seed.db, form.id, { email: "a@example.com" });
    // There is a delivery to take along.
    expect(await seed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id))).toHaveLength(1);
    const path = `${base(form.uuid)}/${webhook.id}`;
    const res = await c.call("DELETE", path);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await seed.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id))).toEqual([]);
    for (const [method, p] of [
      ["GET", path],
      ["DELETE", path],
      ["PATCH", path],
      ["POST", `${path}/test`],
    ] as const) {
      const again = await c.call(method, p, method === "PATCH" ? {} : undefined);
      expect(again.status, `${method} ${p}`).toBe(404);
      expect(again.body).toEqual({ message: "Webhook not found" });
    }
  });

  test("404s: unknown or malformed id, another form's webhook, another organization, a form outside the token", async ({ seed, api }) => {
    const { org, form, c } = await publishedForm(seed, api);
    const other = await seed.form(org.organizationId, { name: "Other" }, { publish: true });
    const { webhook } = (await c.call("POST", base(other.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"] })).body;
    for (const id of ["999999999", "abc", "1.5", "-1", String(webhook.id)]) {
      const res = await c.get(`${base(form.uuid)}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Webhook not found" });
    }
    const stranger = await seed.org();
    const s = tokenClient(api, seed, stranger.organizationId);
    for (const [method, p] of [
      ["GET", base(other.uuid)],
      ["POST", base(other.uuid)],
      ["GET", `${base(other.uuid)}/${webhook.id}`],
      ["GET", `${base(other.uuid)}/${webhook.id}/deliveries`],
    ] as const) {
      const res = await s.call(method, p, method === "POST" ? { url: "https://example.com/", events: ["Submission.Created"] } : undefined);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body).toEqual({ message: "Form not found or not authorized" });
    }
    const restricted = tokenClient(api, seed, org.organizationId, { formIds: [form.id] });
    const res = await restricted.get(`${base(other.uuid)}/${webhook.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Form not found or not authorized" });
  });

  test("scopes: webhook.read lists and reads; every change needs webhook.write", async ({ seed, api }) => {
    const { org, form, c } = await publishedForm(seed, api);
    const { webhook } = (await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"] })).body;
    const path = `${base(form.uuid)}/${webhook.id}`;
    const reader = tokenClient(api, seed, org.organizationId, { scopes: ["webhook.read"] });
    expect((await reader.get(base(form.uuid))).status).toBe(200);
    expect((await reader.get(path)).status).toBe(200);
    expect((await reader.get(`${path}/deliveries`)).status).toBe(200);
    for (const [method, p] of [
      ["POST", base(form.uuid)],
      ["PATCH", path],
      ["DELETE", path],
      ["POST", `${path}/rotate_secret`],
      ["POST", `${path}/test`],
      ["POST", `${path}/deliveries/00000000-0000-4000-8000-000000000000/retry`],
    ] as const) {
      const res = await reader.call(method, p, {});
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body).toEqual({ message: "You do not have permission to perform this action. Required scope: webhook.write" });
    }
    const writer = tokenClient(api, seed, org.organizationId, { scopes: ["webhook.write"] });
    const res = await writer.get(base(form.uuid));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You do not have permission to perform this action. Required scope: webhook.read" });
  });
});

test.describe("POST /api/v2/forms/:form_uuid/webhooks/:id/rotate_secret", () => {
  test("answers a new secret; the old one keeps signing for 24 hours", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const { webhook } = (await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"] })).body;
    const res = await c.call("POST", `${base(form.uuid)}/${webhook.id}/rotate_secret`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ secret: expect.stringMatching(SECRET) });
    expect(res.body.secret).not.toBe(webhook.secret);
    const [row] = await seed.db
      .select({
        secret: webhooks.secret,
        previous: webhooks.previousSecret,
        hours: sql<number>`extract(epoch from ${webhooks.previousSecretExpiresAt} - now()) / 3600`,
      })
      .from(webhooks)
      .where(eq(webhooks.id, webhook.id));
    expect(row!.secret).toBe(res.body.secret);
    expect(row!.previous).toBe(webhook.secret);
    expect(Number(row!.hours)).toBeGreaterThan(23.9);
    expect(Number(row!.hours)).toBeLessThanOrEqual(24);
  });
});

test.describe("GET …/webhooks/:id/deliveries and POST …/deliveries/:delivery_id/retry", () => {
  test("lists newest first, 20 a page, filtered by status", async ({ seed, api }) => {
    const { org, form, c } = await publishedForm(seed, api);
    const { webhook } = (
      await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"], enabled: false })
    ).body;
    const rows = Array.from({ length: 21 }, (_, i) => ({
      webhookId: webhook.id,
      eventId: crypto.randomUUID(),
      eventType: "Submission.Created",
      payload: { n: i },
      status: (i % 2 ? "succeeded" : "failed") as "succeeded" | "failed",
      attempts: 1,
      nextAttemptAt: null,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
    }));
    await seed.db.insert(webhookDeliveries).values(rows);
    const path = `${base(form.uuid)}/${webhook.id}/deliveries`;
    const p1 = await c.get(path);
    expect(p1.status).toBe(200);
    expect(p1.body.meta).toEqual({ page: 1, perPage: 20, total: 21 });
    expect(p1.body.deliveries).toHaveLength(20);
    expect(p1.body.deliveries[0]).toEqual({
      id: expect.any(String),
      eventId: rows[20]!.eventId,
      event: "Submission.Created",
      status: "failed",
      test: false,
      attempts: 1,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: null,
      createdAt: "2030-01-01T00:20:00.000Z",
      deliveredAt: null,
      requestId: null,
    });
    const p2 = await c.get(`${path}?page=2`);
    expect(p2.body.deliveries.map((d: any) => d.eventId)).toEqual([rows[0]!.eventId]);
    const succeeded = await c.get(`${path}?status=succeeded`);
    expect(succeeded.body.meta.total).toBe(10);
    expect(succeeded.body.deliveries.every((d: any) => d.status === "succeeded")).toBe(true);
    const bad = await c.get(`${path}?status=done`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "status must be pending, succeeded or failed" });
    void org;
  });

  test("retry: 404 for another webhook's or a malformed delivery id; 422 while the webhook is disabled", async ({ seed, api }) => {
    const { form, c } = await publishedForm(seed, api);
    const one = (await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"], enabled: false })).body
      .webhook;
    const two = (await c.call("POST", base(form.uuid), { url: "http://127.0.0.1:9/", events: ["Submission.Created"] })).body.webhook;
    const [delivery] = await seed.db
      .insert(webhookDeliveries)
      .values({
        webhookId: two.id,
        eventId: crypto.randomUUID(),
        eventType: "Submission.Created",
        payload: {},
        status: "failed",
        nextAttemptAt: null,
      })
      .returning();
    for (const id of [delivery!.id.slice(0, -1), "00000000-0000-4000-8000-000000000000"]) {
      const res = await c.call("POST", `${base(form.uuid)}/${two.id}/deliveries/${id}/retry`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Delivery not found" });
    }
    const elsewhere = await c.call("POST", `${base(form.uuid)}/${one.id}/deliveries/${delivery!.id}/retry`);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual({ message: "Webhook is disabled; enable it to retry deliveries" });
    await c.call("PATCH", `${base(form.uuid)}/${one.id}`, { enabled: true });
    const notHis = await c.call("POST", `${base(form.uuid)}/${one.id}/deliveries/${delivery!.id}/retry`);
    expect(notHis.status).toBe(404);
    expect(notHis.body).toEqual({ message: "Delivery not found" });
  });
});

test("the v2 OpenAPI document describes every webhook operation, its scope and its statuses", async ({ api }) => {
  const doc = (await api.get("/api/v2/openapi.json")).body;
  const ops: [string, string, string, string][] = [
    ["get", "/forms/{form_uuid}/webhooks", "webhook.read", "200"],
    ["post", "/forms/{form_uuid}/webhooks", "webhook.write", "201"],
    ["get", "/forms/{form_uuid}/webhooks/{id}", "webhook.read", "200"],
    ["patch", "/forms/{form_uuid}/webhooks/{id}", "webhook.write", "200"],
    ["delete", "/forms/{form_uuid}/webhooks/{id}", "webhook.write", "204"],
    ["post", "/forms/{form_uuid}/webhooks/{id}/rotate_secret", "webhook.write", "200"],
    ["post", "/forms/{form_uuid}/webhooks/{id}/test", "webhook.write", "200"],
    ["get", "/forms/{form_uuid}/webhooks/{id}/deliveries", "webhook.read", "200"],
    ["post", "/forms/{form_uuid}/webhooks/{id}/deliveries/{delivery_id}/retry", "webhook.write", "202"],
  ];
  for (const [method, path, scope, status] of ops) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeTruthy();
    expect(op.tags).toEqual(["Webhooks"]);
    expect(op.responses[status], `${method} ${path} ${status}`).toBeTruthy();
    expect(op.responses["403"].content["application/json"].example.message).toContain(scope);
    expect(op.responses["404"]).toBeTruthy();
  }
  const create = doc.paths["/forms/{form_uuid}/webhooks"].post;
  expect(Object.values(create.responses["422"].content["application/json"].examples).map((e: any) => e.value.message)).toContain(
    "Form must be published to add webhooks",
  );
  expect(create.description).toContain("Submission.Deleted");
  expect(doc.paths["/submissions/{id}"].delete.description).toContain("Emits `Submission.Deleted`");
  expect(doc.info.description).toContain("webhook-signature");
});

test("/docs shows the webhook operations and the payload example as code", async ({ request }) => {
  const res = await request.get("/docs");
  expect(res.status()).toBe(200);
  const html = await res.text();
  for (const summary of [
    "Add a webhook to a form",
    "Send a test delivery",
    "Send a delivery again",
    "Rotate a webhook&#x27;s signing secret",
  ]) {
    expect(html).toContain(summary);
  }
  expect(html).toMatch(/<pre[^>]*><code>\{&quot;event&quot;: &quot;Submission.Created&quot;, &quot;eventId&quot;/);
});
