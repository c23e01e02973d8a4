import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookAuditMetadata, webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { AppError, MESSAGES } from "@/lib/errors";
import { oauthProcedure } from "@/server/trpc";
import { WEBHOOK_LIMITS, ZNewSubscription } from "@/server/webhooks/manage/rules";
import { toConnectorSubscription, ZConnectorSubscription } from "@/server/webhooks/manage/serialize";
import { createSubscription } from "@/server/webhooks/manage/subscriptions";

const BODY_ERRORS = [
  "webhook is required and must be an object with form_id, target_url and events",
  "webhook.form_id must be an integer",
  "webhook.target_url must be an http or https URL",
  "webhook.events must be a non-empty array of submission.created",
  "webhook.target_url is not allowed: 127.0.0.1 is a loopback address",
];

export const connectorCreateSubscriptionRoute = oauthProcedure
  .meta({
    scope: "submission:read",
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/webhooks",
      tags: ["Webhooks"],
      summary: "Subscribe to new submissions",
      description:
        'Body `{"webhook": {"form_id": <int>, "target_url": "https://…", "events": ["submission.created"]}}`. ' +
        "Each new submission of the form that is not spam is then POSTed to `target_url` as `{event_type, data: {id, form_id " +
        '(the form UUID), spam, created_at ("Jul 01, 2026, 10:00", UTC), submission (values by field label)}, event_id, ' +
        "retries_done}`, signed like form webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and retried on " +
        "the same schedule for about 3 days. A `410 Gone` from the target removes the subscription; revoking the " +
        "connection removes all of its subscriptions. The form need not be published yet.\n\n" +
        "404 `Form not found` for a form of another organization or none. 422 for a bad body (a missing `webhook`, a " +
        "`form_id` that is not an integer, a `target_url` that is not http(s) or whose address is refused — loopback, " +
        "private, link-local, metadata … — or `events` other than a non-empty array of `submission.created`), and " +
        `422 \`${WEBHOOK_LIMITS.connector.message}\` when the form already has that many.`,
    },
    errors: { 404: [MESSAGES.connectorFormNotFound], 422: [...BODY_ERRORS, WEBHOOK_LIMITS.connector.message] },
  })
  .input(z.object({ webhook: z.unknown().optional() }).loose())
  .output(ZConnectorSubscription)
  .mutation(async ({ ctx, input }) => {
    // The connector answers a bad body with 422, not the REST edge's 400
    // (e2e/api/connector/webhooks.spec.ts, 'bad bodies are 422 {error} …').
    const parsed = ZNewSubscription.safeParse(input);
    if (!parsed.success) throw new AppError("UNPROCESSABLE", parsed.error.issues[0]?.message ?? BODY_ERRORS[0]!);
    const subscription = await audited(
      ctx,
      (tx) => createSubscription(tx, ctx.access, ctx.grant, parsed.data.webhook),
      (w) => ({
        action: "webhook.created",
        target: webhookTarget(w),
        metadata: { ...webhookAuditMetadata(parsed.data.webhook.form_id, w), connector: true },
      }),
    );
    return toConnectorSubscription(subscription);
  });
