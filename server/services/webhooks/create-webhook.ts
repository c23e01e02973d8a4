import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { forms, webhooks, type Webhook } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import type { SubmissionEvent } from "@/server/webhooks/events";
import { generateSecret } from "@/server/webhooks/signature";
import { assertAllowedTarget } from "./check-target";
import { DISABLED_BY_OWNER, MAX_WEBHOOKS_PER_FORM } from "./rules";

export type NewWebhookInput = { url: string; events: SubmissionEvent[]; enabled?: boolean };

/**
 * A form-level webhook with a fresh signing secret (returned here, and on rotation only).
 * 422 when the form is not published, the URL's address is refused, or the form already has
 * the most webhooks allowed.
 */
export async function createWebhook(db: Db, access: FormAccess, formRef: string, input: NewWebhookInput): Promise<Webhook> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  if (!form.published) throw new AppError("UNPROCESSABLE", MESSAGES.webhookFormNotPublished);
  await assertAllowedTarget(input.url);
  return db.transaction(async (tx) => {
    // Concurrent creations on one form queue here, so the limit holds.
    await tx.execute(sql`select 1 from ${forms} where ${forms.id} = ${form.id} for update`);
    const [existing] = await tx.select({ n: count() }).from(webhooks).where(and(eq(webhooks.formId, form.id), eq(webhooks.source, "form")));
    if ((existing?.n ?? 0) >= MAX_WEBHOOKS_PER_FORM) {
      throw new AppError("UNPROCESSABLE", `A form can have at most ${MAX_WEBHOOKS_PER_FORM} webhooks`);
    }
    const enabled = input.enabled ?? true;
    const [webhook] = await tx
      .insert(webhooks)
      .values({
        organizationId: form.organizationId,
        formId: form.id,
        source: "form",
        url: input.url,
        events: input.events,
        secret: generateSecret(),
        enabled,
        disabledReason: enabled ? null : DISABLED_BY_OWNER,
      })
      .returning();
    return webhook!;
  });
}
