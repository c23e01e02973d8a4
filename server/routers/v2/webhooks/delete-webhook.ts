import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { deleteWebhook } from "@/server/webhooks/manage/delete-webhook";
import { apiTokenProcedure } from "@/server/trpc";
import { ZWebhookPath } from "./schemas";

export const ZDeleteWebhookInput = z.object(ZWebhookPath);

export const v2DeleteWebhookRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    successStatus: 204,
    errors: { 404: ["Webhook not found", "Form not found or not authorized"] },
    openapi: {
      method: "DELETE",
      path: "/forms/{form_uuid}/webhooks/{id}",
      tags: ["Webhooks"],
      summary: "Delete a webhook",
      description: "204 without a body. Its deliveries and their history go with it; nothing more is sent to it.",
    },
  })
  .input(ZDeleteWebhookInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => deleteWebhook(tx, ctx.access, input.form_uuid, input.id),
      (w) => ({ action: "webhook.deleted", target: webhookTarget(w), metadata: { form: input.form_uuid } }),
    );
  });
