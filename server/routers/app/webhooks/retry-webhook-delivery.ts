import "server-only";
import { z } from "zod";
import { retryDelivery } from "@/server/webhooks/manage/retry-delivery";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Sends a delivery again now: POST …/webhooks/:id/deliveries/:delivery_id/retry. */
export const retryWebhookDeliveryRoute = sessionProcedure
  .input(z.object({ ...ZDashboardWebhookRef, deliveryId: z.string().max(64).describe("Delivery UUID") }))
  .output(ZDelivery)
  .mutation(async ({ ctx, input }) => toDelivery(await retryDelivery(ctx.db, ctx.access, input.formUuid, input.id, input.deliveryId)));
