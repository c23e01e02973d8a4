import "server-only";
import { z } from "zod";
import { toDelivery, ZDelivery } from "@/server/webhooks/manage/serialize";
import { sendTestDelivery } from "@/server/webhooks/manage/test-webhook";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Sends a test event now and answers its outcome: POST …/webhooks/:id/test. */
export const testWebhookRoute = sessionProcedure
  .input(z.object(ZDashboardWebhookRef))
  .output(ZDelivery)
  .mutation(async ({ ctx, input }) => toDelivery(await sendTestDelivery(ctx.db, ctx.access, input.formUuid, input.id)));
