import "server-only";
import { z } from "zod";
import { listWebhooks } from "@/server/webhooks/manage/list-webhooks";
import { toWebhook, ZWebhook } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardFormRef, ZDashboardPage, ZDashboardPageInfo } from "../inputs";

export const ZListDashboardWebhooksInput = z.object({ formUuid: ZDashboardFormRef, page: ZDashboardPage });
export const ZListDashboardWebhooksOutput = ZDashboardPageInfo.extend({ webhooks: z.array(ZWebhook) });

/** A form's webhooks: the service of GET /api/v2/forms/:form_uuid/webhooks. */
export const listWebhooksRoute = sessionProcedure
  .input(ZListDashboardWebhooksInput)
  .output(ZListDashboardWebhooksOutput)
  .query(async ({ ctx, input }) => {
    const { webhooks, total } = await listWebhooks(ctx.db, ctx.access, input.formUuid, input.page);
    return { webhooks: webhooks.map(toWebhook), ...pageInfo(input.page, total) };
  });
