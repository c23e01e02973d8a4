import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookChangeMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { ZWebhookEvents, ZWebhookUrl } from "@/server/webhooks/manage/rules";
import { toWebhook, ZWebhook } from "@/server/webhooks/manage/serialize";
import { updateWebhook } from "@/server/webhooks/manage/update-webhook";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

export const ZUpdateDashboardWebhookInput = z.object({
  ...ZDashboardWebhookRef,
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  enabled: z.boolean().optional(),
});

/** Changes URL, events or the on/off switch: PATCH /api/v2/forms/:form_uuid/webhooks/:id. */
export const updateWebhookRoute = sessionProcedure
  .input(ZUpdateDashboardWebhookInput)
  .output(ZWebhook)
  .mutation(async ({ ctx, input }) => {
    const { url, events, enabled } = input;
    const changes = { url, events, enabled };
    const webhook = await audited(
      ctx,
      (tx) => updateWebhook(tx, ctx.access, input.formUuid, input.id, changes),
      (w) => ({ action: "webhook.updated", target: webhookTarget(w), metadata: webhookChangeMetadata(input.formUuid, w, changes) }),
    );
    return toWebhook(webhook);
  });
