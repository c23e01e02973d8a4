import "server-only";
import { z } from "zod";
import { deleteWebhook } from "@/server/webhooks/manage/delete-webhook";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** Deletes a webhook and its history: DELETE /api/v2/forms/:form_uuid/webhooks/:id. */
export const deleteWebhookRoute = sessionProcedure
  .input(z.object(ZDashboardWebhookRef))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await deleteWebhook(ctx.db, ctx.access, input.formUuid, input.id);
    return { deleted: true as const };
  });
