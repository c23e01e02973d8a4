import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { deleteWebhook } from "@/server/webhooks/manage/delete-webhook";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Deletes a webhook and its history: DELETE /api/v2/forms/:form_uuid/webhooks/:id. */
export const deleteWebhookRoute = sessionProcedure
  .input(z.object(ZDashboardWebhookRef))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => deleteWebhook(tx, ctx.access, input.formUuid, input.id),
      (w) => ({ action: "webhook.deleted", target: webhookTarget(w), metadata: { form: input.formUuid } }),
    );
    return { deleted: true as const };
  });
