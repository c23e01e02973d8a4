import "server-only";
import { auditActorFrom } from "@/server/audit/actor";
import { recordAudit } from "@/server/audit/record";
import { deliveryMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sendTestDelivery } from "@/server/webhooks/manage/test-webhook";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Sends a test event now and answers its outcome: POST …/webhooks/:id/test. */
export const testWebhookRoute = sessionProcedure
  .input(z.object(ZDashboardWebhookRef))
  .output(ZDelivery)
  .mutation(async ({ ctx, input }) => {
    const delivery = await sendTestDelivery(ctx.db, ctx.access, input.formUuid, input.id);
    await recordAudit(ctx.db, auditActorFrom(ctx), "webhook.tested", webhookTarget({ id: delivery.webhookId }), deliveryMetadata(delivery));
    return toDelivery(delivery);
  });
