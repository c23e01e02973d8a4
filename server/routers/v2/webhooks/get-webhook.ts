import "server-only";
import { z } from "zod";
import { getFormWebhookOrThrow } from "@/server/webhooks/manage/get-webhook";
import { toWebhook, ZWebhook } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZWebhookPath } from "./schemas";

export const ZGetWebhookInput = z.object(ZWebhookPath);
export const ZGetWebhookOutput = z.object({ webhook: ZWebhook });

export const v2GetWebhookRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.read",
    errors: { 404: ["Webhook not found", "Form not found or not authorized"] },
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/webhooks/{id}",
      tags: ["Webhooks"],
      summary: "Get a webhook",
      description:
        "404 `Webhook not found` also when the webhook belongs to another form or the id is not a number. " +
        "The secret is never shown here.",
    },
  })
  .input(ZGetWebhookInput)
  .output(ZGetWebhookOutput)
  .query(async ({ ctx, input }) => {
    const { webhook } = await getFormWebhookOrThrow(ctx.db, ctx.access, input.form_uuid, input.id);
    return { webhook: toWebhook(webhook) };
  });
