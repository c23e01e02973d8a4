import "server-only";
import type { DbOrTx } from "@/db";
import type { Webhook } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import type { SubmissionEvent } from "@/lib/webhook-events";
import { assertAllowedTarget } from "./check-target";
import { insertWebhookWithinLimit } from "./insert-webhook";
import { DISABLED_BY_OWNER } from "./rules";

export type NewWebhookInput = { url: string; events: SubmissionEvent[]; enabled?: boolean };

/**
 * A form-level webhook with a fresh signing secret (returned here, and on rotation only).
 * 422 when the form is not published, the URL's address is refused, or the form already has
 * the most webhooks allowed.
 */
export async function createWebhook(db: DbOrTx, access: FormAccess, formRef: string, input: NewWebhookInput): Promise<Webhook> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  if (!form.published) throw new AppError("UNPROCESSABLE", MESSAGES.webhookFormNotPublished);
  await assertAllowedTarget(input.url);
  const enabled = input.enabled ?? true;
  return insertWebhookWithinLimit(db, form, "form", {
    url: input.url,
    events: input.events,
    enabled,
    disabledReason: enabled ? null : DISABLED_BY_OWNER,
  });
}
