import "server-only";
import { audited } from "@/server/audit/audited";
import { deliveryMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { MESSAGES } from "@/lib/errors";
import { retryDelivery } from "@/server/webhooks/manage/retry-delivery";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";
import { ZWebhookPath } from "./schemas";

export const ZRetryWebhookDeliveryInput = z.object({ ...ZWebhookPath, delivery_id: ZPathParam.describe("Delivery UUID") });
export const ZRetryWebhookDeliveryOutput = z.object({ delivery: ZDelivery });

export const v2RetryWebhookDeliveryRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    successStatus: 202,
    errors: { 404: ["Delivery not found", "Webhook not found", "Form not found or not authorized"], 422: [MESSAGES.webhookDisabled] },
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/webhooks/{id}/deliveries/{delivery_id}/retry",
      tags: ["Webhooks"],
      summary: "Send a delivery again",
      description:
        "202: the delivery is due now and a worker sends it at once (same `webhook-id`, a fresh timestamp and signature); " +
        "the answer shows it `pending`. A `succeeded` or `failed` delivery gets one more attempt; a `pending` one is moved " +
        "to now and keeps its remaining retries; one being sent at this moment is left as it is. 404 `Delivery not found` " +
        `for another webhook's delivery or a malformed id; 422 \`${MESSAGES.webhookDisabled}\`.`,
    },
  })
  .input(ZRetryWebhookDeliveryInput)
  .output(ZRetryWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const delivery = await audited(
      ctx,
      (tx) => retryDelivery(tx, ctx.access, input.form_uuid, input.id, input.delivery_id),
      (d) => ({ action: "webhook.delivery_retried", target: webhookTarget({ id: d.webhookId }), metadata: deliveryMetadata(d) }),
    );
    return { delivery: toDelivery(delivery) };
  });
