import "server-only";
import { audited } from "@/server/audit/audited";
import { webhookTarget } from "@/server/audit/targets";
import { z } from "zod";
import { MESSAGES } from "@/lib/errors";
import { oauthProcedure } from "@/server/trpc";
import { deleteSubscription } from "@/server/webhooks/manage/subscriptions";
import { ZPathParam } from "../../rest-params";

export const connectorDeleteSubscriptionRoute = oauthProcedure
  .meta({
    scope: "submission:read",
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/webhooks/{id}",
      tags: ["Webhooks"],
      summary: "Unsubscribe",
      description:
        "204 without a body; nothing more is delivered to its target. 404 `Subscription not found` for an unknown id, a " +
        "subscription of another user, or a form webhook made in the dashboard or the v2 API.",
    },
    errors: { 404: [MESSAGES.subscriptionNotFound] },
  })
  .input(z.object({ id: ZPathParam.describe("Subscription id") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => deleteSubscription(tx, ctx.access, ctx.grant, input.id),
      (w) => ({ action: "webhook.deleted", target: webhookTarget(w), metadata: { connector: true } }),
    );
  });
