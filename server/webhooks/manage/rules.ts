import "server-only";
import { z } from "zod";
import { MAX_INT4 } from "@/lib/values/ids";
import { at } from "@/lib/values/input-paths";
import { CONNECTOR_EVENT } from "@/server/webhooks/delivery/sources";
import { SUBMISSION_EVENTS } from "@/lib/webhook-events";

/**
 * The input rules of form webhooks (shared by the v2 REST surface and the dashboard) and of
 * connector subscriptions. The address check (no loopback, private, metadata…) needs DNS and
 * lives in check-target.ts.
 */
export const MAX_URL_LENGTH = 2048;
/**
 * How many webhooks of each source one form may have: every event fans out to one delivery
 * per webhook, so the cap bounds the work one submission can cause. Automation platforms make
 * one subscription per automation, hence more room for them.
 */
export const WEBHOOK_LIMITS = {
  form: { max: 20, message: "A form can have at most 20 webhooks" },
  connector: { max: 100, message: "A form can have at most 100 connector subscriptions" },
} as const;

function parseUrl(v: string): URL | null {
  try {
    return new URL(v);
  } catch {
    return null;
  }
}

/** `url`: an absolute http(s) URL without credentials, normalized by the WHATWG parser. */
export const ZWebhookUrl = z
  .string({ error: at("is required and must be a string") })
  .trim()
  .min(1, { error: at("is required and must be a string") })
  .max(MAX_URL_LENGTH, { error: at(`must be at most ${MAX_URL_LENGTH} characters`) })
  .refine((v) => ["http:", "https:"].includes(parseUrl(v)?.protocol ?? ""), { error: at("must be an http or https URL"), abort: true })
  .refine((v) => !parseUrl(v)!.username && !parseUrl(v)!.password, { error: at("must not contain a user name or password") })
  .transform((v) => parseUrl(v)!.href)
  .describe("Endpoint receiving a JSON POST per event: http or https, at most 2048 characters, on a public address");

const EVENTS_MESSAGE = `must be a non-empty array of ${SUBMISSION_EVENTS.join(", ")}`;

/** `events`: a non-empty array of the three event names; repeats count once. */
export const ZWebhookEvents = z
  .array(z.enum(SUBMISSION_EVENTS, { error: at(`must be one of ${SUBMISSION_EVENTS.join(", ")}`) }), {
    error: (iss) => `${at(EVENTS_MESSAGE)(iss)}`,
  })
  .min(1, { error: at(EVENTS_MESSAGE) })
  .transform((events) => SUBMISSION_EVENTS.filter((e) => events.includes(e)))
  .describe(`Events to receive, any of ${SUBMISSION_EVENTS.join(", ")}`);

/** `disabledReason` of a webhook its owner turned off. */
export const DISABLED_BY_OWNER = "Disabled manually";

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
          .array(z.literal(CONNECTOR_EVENT, { error: at(`must be ${CONNECTOR_EVENT}`) }), {
            error: at(`must be a non-empty array of ${CONNECTOR_EVENT}`),
          })
          .min(1, { error: at(`must be a non-empty array of ${CONNECTOR_EVENT}`) })
          .transform(() => [CONNECTOR_EVENT]),
      },
      { error: "webhook is required and must be an object with form_id, target_url and events" },
    ),
  },
  { error: "webhook is required and must be an object with form_id, target_url and events" },
);

export type NewSubscription = z.infer<typeof ZNewSubscription>["webhook"];
