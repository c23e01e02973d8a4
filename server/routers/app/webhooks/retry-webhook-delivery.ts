import "server-only";
import { audited } from "@/server/audit/audited";
import { deliveryMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { retryDelivery } from "@/server/webhooks/manage/retry-delivery";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Sends a delivery again now: POST …/webhooks/:id/deliveries/:delivery_id/retry. */
export const retryWebhookDeliveryRoute = sessionProcedure
  .input(z.object({ ...ZDashboardWebhookRef, deliveryId: z.string().max(64).describe("Delivery UUID") }))
  .output(ZDelivery)
  .mutation(async ({ ctx, input }) => {
    const delivery = await audited(
      ctx,
      (tx) => retryDelivery(tx, ctx.access, input.formUuid, input.id, input.deliveryId),
      (d) => ({ action: "webhook.delivery_retried", target: webhookTarget({ id: d.webhookId }), metadata: deliveryMetadata(d) }),
    );
    return toDelivery(delivery);
  });
