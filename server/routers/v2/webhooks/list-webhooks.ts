import "server-only";
import { z } from "zod";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { listWebhooks } from "@/server/webhooks/manage/list-webhooks";
import { toWebhook, ZWebhook } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZFormRef, ZPageMeta, ZPageParam } from "../../rest-params";

export const ZListWebhooksInput = z.object({ form_uuid: ZFormRef, page: ZPageParam });
export const ZListWebhooksOutput = z.object({ webhooks: z.array(ZWebhook), meta: ZPageMeta });

export const v2ListWebhooksRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.read",
    errors: { 400: ["page must be a positive integer"], 404: ["Form not found or not authorized"] },
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/webhooks",
      tags: ["Webhooks"],
      summary: "List a form's webhooks",
      description:
        "20 per page, newest first. Secrets are never listed. Subscriptions made through the connector API are not " +
        "form webhooks and are not listed here. A page past the last one → 200 with `webhooks: []`.",
    },
  })
  .input(ZListWebhooksInput)
  .output(ZListWebhooksOutput)
  .query(async ({ ctx, input }) => {
    const { webhooks, total } = await listWebhooks(ctx.db, ctx.access, input.form_uuid, input.page);
    return { webhooks: webhooks.map(toWebhook), meta: { page: input.page, perPage: PAGE_SIZE, total } };
  });
