import { TRPCError } from "@trpc/server";
import { AppError } from "../../../lib/errors";
import { expect, test, type Seed } from "../../fixtures";
import { storeSubmission } from "./helpers";
import { startReceiver, waitFor } from "./receiver";
import { dashboardCaller } from "../dashboard-caller";

/**
 * The dashboard's webhook procedures (server/routers/app/webhooks/) over the same services as
 * the v2 REST surface, called as the signed-in user of an organization.
 */
const callerFor = dashboardCaller;

async function signedIn(seed: Seed) {
  const org = await seed.org();
  const form = await seed.form(
    org.organizationId,
    { name: "Signups", elements: [{ id: "email", label: "Email", type: "email" }] },
    { publish: true },
  );
  return { org, form, caller: callerFor({ userId: org.userId, organizationId: org.organizationId, email: org.email }) };
}

test("the dashboard manages a form's webhooks: create (secret once), list, test, deliveries, retry, rotate, update, delete", async ({
  seed,
}) => {
  const r = await startReceiver();
  try {
    const { form, caller } = await signedIn(seed);
    const created = await caller.webhooks.create({ formUuid: form.uuid, url: r.url, events: ["Submission.Created"] });
    expect(created).toMatchObject({
      url: r.url,
      events: ["Submission.Created"],
      enabled: true,
      disabledReason: null,
      secret: expect.stringMatching(/^whsec_/),
    });

    const list = await caller.webhooks.list({ formUuid: form.uuid });
    expect(list).toEqual({ webhooks: [{ ...created, secret: undefined }], page: 1, perPage: 20, total: 1, totalPages: 1 });
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const tested = await caller.webhooks.test({ formUuid: form.uuid, id: created.id });
    expect(tested).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200, event: "Submission.Created" });
    expect(r.received[0]!.json.test).toBe(true);

    await storeSubmission(seed.db, form.id, { email: "a@example.com" });
    await waitFor("the event", () => r.received[1]);
    const deliveries = await waitFor("both recorded", async () => {
      const d = await caller.webhooks.deliveries({ formUuid: form.uuid, id: created.id });
      return d.deliveries.every((x) => x.status === "succeeded") && d;
    });
    expect(deliveries.total).toBe(2);
    expect((await caller.webhooks.deliveries({ formUuid: form.uuid, id: created.id, status: "failed" })).total).toBe(0);

    const retried = await caller.webhooks.retry({ formUuid: form.uuid, id: created.id, deliveryId: deliveries.deliveries[0]!.id });
    // Due again at once; a quick worker may already have sent it by the time the answer is read.
    expect(["pending", "succeeded"]).toContain(retried.status);
    expect(retried).toMatchObject({ id: deliveries.deliveries[0]!.id, eventId: deliveries.deliveries[0]!.eventId });
    await waitFor("the retry", () => r.received[2]);
    expect(r.received[2]!.headers["webhook-id"]).toBe(deliveries.deliveries[0]!.id);

    const { secret } = await caller.webhooks.rotateSecret({ formUuid: form.uuid, id: created.id });
    expect(secret).not.toBe(created.secret);

    const off = await caller.webhooks.update({ formUuid: form.uuid, id: created.id, enabled: false });
    expect(off).toMatchObject({ enabled: false, disabledReason: "Disabled manually" });
    expect(await caller.webhooks.delete({ formUuid: form.uuid, id: created.id })).toEqual({ deleted: true });
    expect((await caller.webhooks.list({ formUuid: form.uuid })).total).toBe(0);
  } finally {
    await r.close();
  }
});

test("dashboard errors: signed out, another organization's form, a refused address with its field, an unknown webhook", async ({
  seed,
}) => {
  const { form, caller } = await signedIn(seed);
  await expect(callerFor(null).webhooks.list({ formUuid: form.uuid })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const stranger = await signedIn(seed);
  await expect(stranger.caller.webhooks.list({ formUuid: form.uuid })).rejects.toMatchObject({
    code: "NOT_FOUND",
    message: "Form not found or not authorized",
  });

  const refused = await caller.webhooks
    .create({ formUuid: form.uuid, url: "http://169.254.169.254/", events: ["Submission.Created"] })
    .catch((e) => e);
  expect(refused).toBeInstanceOf(TRPCError);
  expect(refused.code).toBe("UNPROCESSABLE_CONTENT");
  expect(refused.message).toBe("url is not allowed: 169.254.169.254 is a cloud metadata address");
  expect((refused.cause as AppError).path).toEqual(["url"]);

  const invalid = await caller.webhooks.create({ formUuid: form.uuid, url: "ftp://x", events: [] } as never).catch((e) => e);
  expect(invalid.code).toBe("BAD_REQUEST");
  expect(invalid.cause.issues.map((i: { message: string }) => i.message)).toEqual([
    "url must be an http or https URL",
    "events must be a non-empty array of Submission.Created, Submission.Updated, Submission.Deleted",
  ]);

  await expect(caller.webhooks.update({ formUuid: form.uuid, id: 2147483000, enabled: true })).rejects.toMatchObject({
    code: "NOT_FOUND",
    message: "Webhook not found",
  });
});
