import "server-only";
import { auditActorFrom } from "@/server/audit/actor";
import { recordAudit } from "@/server/audit/record";
import { deliveryMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sendTestDelivery } from "@/server/webhooks/manage/test-webhook";
import { apiTokenProcedure } from "@/server/trpc";
import { ZWebhookPath } from "./schemas";

export const ZTestWebhookInput = z.object(ZWebhookPath);
export const ZTestWebhookOutput = z.object({ delivery: ZDelivery });

export const v2TestWebhookRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    errors: { 404: ["Webhook not found", "Form not found or not authorized"] },
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/webhooks/{id}/test",
      tags: ["Webhooks"],
      summary: "Send a test delivery",
      description:
        'Sends a `Submission.Created` event with `"test": true` and made-up values for the form\'s elements to the ' +
        "webhook now — also when it is disabled — signed like every delivery, and answers 200 with the delivery and its " +
        "outcome: `succeeded`, or `failed` with `lastStatusCode` / `lastError` (the answer takes up to 15 s when the " +
        "endpoint is slow). A test delivery is tried once; it is listed with the others and can be retried.",
    },
  })
  .input(ZTestWebhookInput)
  .output(ZTestWebhookOutput)
  .mutation(async ({ ctx, input }) => {
    const delivery = await sendTestDelivery(ctx.db, ctx.access, input.form_uuid, input.id);
    await recordAudit(ctx.db, auditActorFrom(ctx), "webhook.tested", webhookTarget({ id: delivery.webhookId }), deliveryMetadata(delivery));
    return { delivery: toDelivery(delivery) };
  });
