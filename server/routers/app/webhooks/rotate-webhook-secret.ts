import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { rotateWebhookSecret } from "@/server/webhooks/manage/rotate-secret";
import { ZSecret } from "@/server/webhooks/manage/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardWebhookRef } from "./inputs";

/** A new secret, shown once; the old one signs too for 24 h: POST …/webhooks/:id/rotate_secret. */
export const rotateWebhookSecretRoute = sessionProcedure
  .input(z.object(ZDashboardWebhookRef))
  .output(z.object({ secret: ZSecret }))
  .mutation(async ({ ctx, input }) => {
    const { secret } = await audited(
      ctx,
      (tx) => rotateWebhookSecret(tx, ctx.access, input.formUuid, input.id),
      ({ webhook }) => ({ action: "webhook.secret_rotated", target: webhookTarget(webhook), metadata: { form: input.formUuid } }),
    );
    return { secret };
  });
