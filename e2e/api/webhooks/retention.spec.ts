import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "../../../db/schema";
import { pruneFinished } from "../../../server/webhooks/delivery/outbox";
import { expect, test } from "../../fixtures";
import { CONTACT_ELEMENTS } from "../form-fixtures";
import { insertWebhook } from "./helpers";

/** The delivery log keeps finished deliveries for WEBHOOK_DELIVERY_RETENTION_DAYS (30), then the worker removes them. */
test("old succeeded and failed deliveries are pruned; pending ones and recent ones stay", async ({ seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Contact us", elements: CONTACT_ELEMENTS }, { publish: true });
  // A disabled webhook: the server's own worker must not send these rows while the test runs.
  const webhook = await insertWebhook(seed.db, form.id, "https://receiver.example/hook");
  await seed.db.execute(sql`update webhooks set enabled = false where id = ${webhook.id}`);

  const row = (status: "pending" | "succeeded" | "failed", daysAgo: number) => ({
    webhookId: webhook.id,
    eventId: randomUUID(),
    eventType: "Submission.Created",
    payload: { status, daysAgo },
    status,
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
  const inserted = await seed.db
    .insert(webhookDeliveries)
    .values([row("succeeded", 31), row("failed", 45), row("pending", 60), row("succeeded", 29), row("failed", 1)])
    .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt });
  expect(inserted).toHaveLength(5);

  // Other tests' deliveries are all recent, so pruning the shared database touches only ours.
  expect(await pruneFinished(seed.db, 30)).toBeGreaterThanOrEqual(2);
  const left = await seed.db
    .select({ status: webhookDeliveries.status, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhook.id));
  expect(left.map((d) => d.payload).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
    { status: "failed", daysAgo: 1 },
    { status: "pending", daysAgo: 60 },
    { status: "succeeded", daysAgo: 29 },
  ]);
});
