import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, webhooks, type Form, type NewWebhook, type Webhook } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { generateSecret } from "@/server/webhooks/delivery/signature";
import { WEBHOOK_LIMITS } from "./rules";

type Source = keyof typeof WEBHOOK_LIMITS;

/**
 * Inserts a webhook of `source` on `form` with a fresh signing secret, or 422 when the form
 * already has the most its source allows. The only insert into `webhooks`.
 */
export async function insertWebhookWithinLimit(
  db: DbOrTx,
  form: Pick<Form, "id" | "organizationId">,
  source: Source,
  values: Omit<NewWebhook, "organizationId" | "formId" | "source" | "secret">,
): Promise<Webhook> {
  const limit = WEBHOOK_LIMITS[source];
  return db.transaction(async (tx) => {
    // Concurrent creations on one form queue here, so the limit holds.
    await tx.execute(sql`select 1 from ${forms} where ${forms.id} = ${form.id} for update`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(and(eq(webhooks.formId, form.id), eq(webhooks.source, source)));
    if ((existing?.n ?? 0) >= limit.max) throw new AppError("UNPROCESSABLE", limit.message);
    const [webhook] = await tx
      .insert(webhooks)
      .values({ ...values, organizationId: form.organizationId, formId: form.id, source, secret: generateSecret() })
      .returning();
    return webhook!;
  });
}
