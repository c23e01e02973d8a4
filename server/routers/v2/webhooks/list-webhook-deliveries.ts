import "server-only";
import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { listDeliveries } from "@/server/webhooks/manage/list-deliveries";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageMeta, ZPageParam, ZSingleParam } from "../../rest-params";
import { ZWebhookPath } from "./schemas";

export const ZListWebhookDeliveriesInput = z.object({
  ...ZWebhookPath,
  page: ZPageParam,
  status: ZSingleParam("status")
    .pipe(z.enum(DELIVERY_STATUSES, { error: "status must be pending, succeeded or failed" }))
    .optional()
    .describe("Only deliveries in this status: pending, succeeded or failed"),
});
export const ZListWebhookDeliveriesOutput = z.object({ deliveries: z.array(ZDelivery), meta: ZPageMeta });

export const v2ListWebhookDeliveriesRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.read",
    errors: {
      400: ["page must be a positive integer", "status must be pending, succeeded or failed"],
      404: ["Webhook not found", "Form not found or not authorized"],
    },
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/webhooks/{id}/deliveries",
      tags: ["Webhooks"],
      summary: "List a webhook's deliveries",
      description:
        "20 per page, newest first: one delivery per event sent to this webhook, with the outcome of its last attempt. " +
        "`pending` waits for `nextAttemptAt` (or is being sent); `failed` used up its retries (5 s, 5 min, 30 min, 2 h, " +
        "5 h, 10 h, 14 h, 20 h, 24 h after the failures, with jitter), was waiting when the webhook was disabled, or is a " +
        "failed test. Delivery history is kept as long as the webhook exists.",
    },
  })
  .input(ZListWebhookDeliveriesInput)
  .output(ZListWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const { page, status } = input;
    const { deliveries, total } = await listDeliveries(ctx.db, ctx.access, input.form_uuid, input.id, { page, status });
    return { deliveries: deliveries.map(toDelivery), meta: { page: input.page, perPage: PAGE_SIZE, total } };
  });
