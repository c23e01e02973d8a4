import { z } from "zod";
import { MAX_INT4 } from "@/server/services/lib/ids";
import { at } from "@/server/services/lib/paths";
import { ZWebhookUrl } from "@/server/services/webhooks/rules";
import { CONNECTOR_EVENT } from "@/server/webhooks/sources";

/**
 * The body of `POST /connector/webhooks`. The connector answers a bad body with 422
 * (e2e/api/connector/webhooks.spec.ts), so the procedure takes the body as it comes and checks it here.
 */
export const ZNewSubscription = z.object(
  {
    webhook: z.object(
      {
        form_id: z
          .number({ error: at("must be an integer") })
          .int({ error: at("must be an integer") })
          .positive({ error: at("must be a positive integer") })
          .max(MAX_INT4, { error: at("must be a form id") }),
        target_url: ZWebhookUrl,
        events: z
          .array(z.literal(CONNECTOR_EVENT, { error: at(`must be ${CONNECTOR_EVENT}`) }), { error: at(`must be a non-empty array of ${CONNECTOR_EVENT}`) })
          .min(1, { error: at(`must be a non-empty array of ${CONNECTOR_EVENT}`) })
          .transform(() => [CONNECTOR_EVENT]),
      },
      { error: "webhook is required and must be an object with form_id, target_url and events" },
    ),
  },
  { error: "webhook is required and must be an object with form_id, target_url and events" },
);

export type NewSubscription = z.infer<typeof ZNewSubscription>["webhook"];
