import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookChangeMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { updateWebhook } from "@/server/webhooks/manage/update-webhook";
import { ZWebhookEvents, ZWebhookUrl } from "@/server/webhooks/manage/rules";
import { toWebhook, ZWebhook } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { jsonBoolean } from "../../rest-body";
import { ZWebhookPath } from "./schemas";

export const ZUpdateWebhookInput = z.object({
  ...ZWebhookPath,
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  enabled: jsonBoolean("enabled must be true or false").optional().describe("false stops deliveries; true resumes them"),
});
export const ZUpdateWebhookOutput = z.object({ webhook: ZWebhook });

export const v2UpdateWebhookRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    errors: {
      400: [
        "url must be an http or https URL",
        "events must be a non-empty array of Submission.Created, Submission.Updated, Submission.Deleted",
        "enabled must be true or false",
      ],
      404: ["Webhook not found", "Form not found or not authorized"],
      422: ["url is not allowed: 10.0.0.1 is a private address"],
    },
    openapi: {
      method: "PATCH",
      path: "/forms/{form_uuid}/webhooks/{id}",
      tags: ["Webhooks"],
      summary: "Update a webhook",
      description:
        "Every field is optional; absent fields keep their value; an empty body changes nothing. A new `url` is checked as on " +
        "creation (400, 422) and receives the deliveries still pending. `enabled: false` stops deliveries and marks the " +
        "waiting ones `failed` (retry them later by hand); `disabledReason` becomes `Disabled manually`. `enabled: true` " +
        "turns a webhook back on — also one disabled by `410 Gone` or 5 days of failures — and clears `disabledReason`. " +
        "Events that happen while a webhook is disabled are not recorded for it.",
    },
  })
  .input(ZUpdateWebhookInput)
  .output(ZUpdateWebhookOutput)
  .mutation(async ({ ctx, input }) => {
    const changes = { url: input.url, events: input.events, enabled: input.enabled };
    const webhook = await audited(
      ctx,
      (tx) => updateWebhook(tx, ctx.access, input.form_uuid, input.id, changes),
      (w) => ({ action: "webhook.updated", target: webhookTarget(w), metadata: webhookChangeMetadata(input.form_uuid, w, changes) }),
    );
    return { webhook: toWebhook(webhook) };
  });
