import "server-only";
import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema";
import { listDeliveries } from "@/server/webhooks/manage/list-deliveries";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";
import { ZDashboardWebhookRef } from "./inputs";

export const ZListDashboardDeliveriesInput = z.object({
  ...ZDashboardWebhookRef,
  page: ZDashboardPage,
  status: z.enum(DELIVERY_STATUSES).optional().describe("Only deliveries in this status"),
});
export const ZListDashboardDeliveriesOutput = ZDashboardPageInfo.extend({ deliveries: z.array(ZDelivery) });

/** A webhook's deliveries, newest first: GET …/webhooks/:id/deliveries. */
export const listWebhookDeliveriesRoute = sessionProcedure
  .input(ZListDashboardDeliveriesInput)
  .output(ZListDashboardDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const { page, status } = input;
    const { deliveries, total } = await listDeliveries(ctx.db, ctx.access, input.formUuid, input.id, { page, status });
    return { deliveries: deliveries.map(toDelivery), ...pageInfo(input.page, total) };
  });
