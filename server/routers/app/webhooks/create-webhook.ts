import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookAuditMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { createWebhook } from "@/server/webhooks/manage/create-webhook";
import { ZWebhookEvents, ZWebhookUrl } from "@/server/webhooks/manage/rules";
import { toCreatedWebhook, ZCreatedWebhook } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

export const ZCreateDashboardWebhookInput = z.object({
  formUuid: ZDashboardFormRef,
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  enabled: z.boolean().optional().describe("Default true"),
});

/** Adds a webhook; the answer carries the secret, shown once: POST /api/v2/forms/:form_uuid/webhooks. */
export const createWebhookRoute = sessionProcedure
  .input(ZCreateDashboardWebhookInput)
  .output(ZCreatedWebhook)
  .mutation(async ({ ctx, input }) => {
    const { url, events, enabled } = input;
    const webhook = await audited(
      ctx,
      (tx) => createWebhook(tx, ctx.access, input.formUuid, { url, events, enabled }),
      (w) => ({ action: "webhook.created", target: webhookTarget(w), metadata: webhookAuditMetadata(input.formUuid, w) }),
    );
    return toCreatedWebhook(webhook);
  });
