import "server-only";
import { z } from "zod";
import { getDeliveryDetail } from "@/server/webhooks/manage/delivery-detail";
import { toDelivery, toDeliveryAttempt, ZDelivery, ZDeliveryAttempt } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** One delivery with the body it sends and each attempt's answer: the delivery log's details. */
export const getWebhookDeliveryRoute = sessionProcedure
  .input(z.object({ ...ZDashboardWebhookRef, deliveryId: z.string().max(64).describe("Delivery UUID") }))
  .output(z.object({ delivery: ZDelivery, requestBody: z.string(), attempts: z.array(ZDeliveryAttempt) }))
  .query(async ({ ctx, input }) => {
    const detail = await getDeliveryDetail(ctx.db, ctx.access, input.formUuid, input.id, input.deliveryId);
    return { delivery: toDelivery(detail.delivery), requestBody: detail.requestBody, attempts: detail.attempts.map(toDeliveryAttempt) };
  });
