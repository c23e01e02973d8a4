import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookAuditMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { MESSAGES } from "@/lib/errors";
import { createWebhook } from "@/server/webhooks/manage/create-webhook";
import { MAX_URL_LENGTH, WEBHOOK_LIMITS, ZWebhookEvents, ZWebhookUrl } from "@/server/webhooks/manage/rules";
import { toCreatedWebhook, ZCreatedWebhook } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { jsonBoolean } from "../../rest-body";
import { ZFormRef } from "../../rest-params";
import { EVENT_NAMES, EVENTS_NOTE } from "./schemas";

export const ZCreateWebhookInput = z.object({
  form_uuid: ZFormRef,
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  enabled: jsonBoolean("enabled must be true or false").optional().describe("Whether it receives events (default true)"),
});
export const ZCreateWebhookOutput = z.object({ webhook: ZCreatedWebhook });

export const v2CreateWebhookRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    successStatus: 201,
    errors: {
      400: [
        "url is required and must be a string",
        "url must be an http or https URL",
        "events must be a non-empty array of Submission.Created, Submission.Updated, Submission.Deleted",
      ],
      404: ["Form not found or not authorized"],
      422: [MESSAGES.webhookFormNotPublished, "url is not allowed: 127.0.0.1 is a loopback address", WEBHOOK_LIMITS.form.message],
    },
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/webhooks",
      tags: ["Webhooks"],
      summary: "Add a webhook to a form",
      description:
        `Each event is POSTed as JSON to \`url\` as soon as it happens (see **Webhooks** in the overview for the payload, ` +
        "signature headers and retries). The answer carries the signing `secret` (`whsec_…`); it is shown only here and on " +
        "rotation, so store it now.\n\n" +
        `${EVENTS_NOTE}\n\n` +
        `Body errors (400): \`url is required and must be a string\`, \`url must be an http or https URL\`, ` +
        `\`url must not contain a user name or password\`, \`url must be at most ${MAX_URL_LENGTH} characters\`, ` +
        `\`events must be a non-empty array of …\`, \`events[<n>] must be one of ${EVENT_NAMES}\`, \`enabled must be true or false\`. ` +
        "Repeated events count once.\n\n" +
        `422: \`${MESSAGES.webhookFormNotPublished}\`; \`url is not allowed: <address> is a loopback address\` (also private, ` +
        "link-local, carrier-grade NAT, multicast, unspecified, reserved and cloud metadata addresses, IPv4-mapped IPv6 and " +
        "decimal or hex IPv4 spellings; a host name is resolved and every address checked; `<host> could not be resolved`); " +
        `\`${WEBHOOK_LIMITS.form.message}\`. The address is checked again on every connection.`,
    },
  })
  .input(ZCreateWebhookInput)
  .output(ZCreateWebhookOutput)
  .mutation(async ({ ctx, input }) => {
    const { url, events, enabled } = input;
    const webhook = await audited(
      ctx,
      (tx) => createWebhook(tx, ctx.access, input.form_uuid, { url, events, enabled }),
      (w) => ({ action: "webhook.created", target: webhookTarget(w), metadata: webhookAuditMetadata(input.form_uuid, w) }),
    );
    return { webhook: toCreatedWebhook(webhook) };
  });
