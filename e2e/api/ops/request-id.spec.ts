import { eq } from "drizzle-orm";
import { formNotifications, mailMessages } from "../../../db/schema";
import { expect, test } from "../../fixtures";
import { CONTACT_ANSWERS, postJson, publishedForm, submitPath } from "../survey/survey-fixtures";
import { deliveriesOf, insertWebhook } from "../webhooks/helpers";

/**
 * Every response carries its request's id (`X-Request-Id`): the one a trusted proxy sent (the
 * suite's server runs with TRUST_PROXY=1), else a new UUID.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("X-Request-Id: returned on every surface, a proxy's kept, a malformed one replaced", async ({ request }) => {
  for (const path of ["/api/health", "/api/v2/forms", "/f/00000000-0000-4000-8000-000000000000", "/sign-in"]) {
    const res = await request.get(path);
    expect(res.headers()["x-request-id"], path).toMatch(UUID);
  }
  const kept = await request.get("/api/v2/forms", { headers: { "x-request-id": "lb-4f2a:17" } });
  expect(kept.status()).toBe(400);
  expect(kept.headers()["x-request-id"]).toBe("lb-4f2a:17");
  const replaced = await request.get("/api/health", { headers: { "x-request-id": "not an id" } });
  expect(replaced.headers()["x-request-id"]).toMatch(UUID);
  const a = (await request.get("/api/health")).headers()["x-request-id"];
  const b = (await request.get("/api/health")).headers()["x-request-id"];
  expect(a).not.toBe(b);
});

test("the id of a submit's request rides into its webhook delivery, its mail and the delivery log", async ({ seed, api }) => {
  const { org, form } = await publishedForm(seed);
  await seed.db.insert(formNotifications).values({ userId: org.userId, formId: form.id, mode: "each" });
  const hook = await insertWebhook(seed.db, form.id, "https://example.com/hook");
  const requestId = `lb-${Date.now().toString(36)}:9`;
  const res = await postJson(api, submitPath(form.uuid), { data: { ...CONTACT_ANSWERS } }, { "x-request-id": requestId });
  expect(res.status, res.text).toBe(201);

  const [delivery] = await deliveriesOf(seed.db, hook.id);
  expect(delivery!.requestId).toBe(requestId);
  const mail = await seed.db.select().from(mailMessages).where(eq(mailMessages.formId, form.id));
  expect(mail.map((m) => [m.kind, m.requestId])).toEqual([["notification", requestId]]);
  const token = await seed.token(org.organizationId);
  const list = await api.get(`/api/v2/forms/${form.uuid}/webhooks/${hook.id}/deliveries`, token);
  expect(list.status).toBe(200);
  expect(list.body.deliveries.map((d: { requestId: string }) => d.requestId)).toEqual([requestId]);
});
