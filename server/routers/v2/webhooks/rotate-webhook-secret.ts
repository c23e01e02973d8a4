import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { rotateWebhookSecret } from "@/server/webhooks/manage/rotate-secret";
import { ZSecret } from "@/server/webhooks/manage/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZWebhookPath } from "./schemas";

export const ZRotateWebhookSecretInput = z.object(ZWebhookPath);
export const ZRotateWebhookSecretOutput = z.object({ secret: ZSecret });

export const v2RotateWebhookSecretRoute = apiTokenProcedure("v2")
  .meta({
    scope: "webhook.write",
    errors: { 404: ["Webhook not found", "Form not found or not authorized"] },
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/webhooks/{id}/rotate_secret",
      tags: ["Webhooks"],
      summary: "Rotate a webhook's signing secret",
      description:
        "Answers the new secret, shown only here. For 24 hours every delivery carries two signatures in " +
        "`webhook-signature` (`v1,<new> v1,<old>`), so a receiver verifies with either secret while it switches; after " +
        "that, only the new one. Rotating again within the 24 hours drops the oldest secret at once.",
    },
  })
  .input(ZRotateWebhookSecretInput)
  .output(ZRotateWebhookSecretOutput)
  .mutation(async ({ ctx, input }) => {
    const { secret } = await audited(
      ctx,
      (tx) => rotateWebhookSecret(tx, ctx.access, input.form_uuid, input.id),
      ({ webhook }) => ({ action: "webhook.secret_rotated", target: webhookTarget(webhook), metadata: { form: input.form_uuid } }),
    );
    return { secret };
  });
