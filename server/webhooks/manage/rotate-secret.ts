import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Webhook } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { generateSecret } from "@/server/webhooks/delivery/signature";
import { getFormWebhookOrThrow } from "./get-webhook";

/** How long the replaced secret keeps signing, so receivers can switch without a gap. */
export const PREVIOUS_SECRET_GRACE = "24 hours";

/**
 * A new signing secret, returned once. The replaced secret still signs every delivery (a
 * second `v1,` signature) for 24 hours; a secret replaced before that stops at once.
 */
export async function rotateWebhookSecret(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string | number,
): Promise<{ secret: string; webhook: Webhook }> {
  const { webhook } = await getFormWebhookOrThrow(db, access, formRef, id);
  const secret = generateSecret();
  await db
    .update(webhooks)
    .set({
      secret,
      previousSecret: sql`${webhooks.secret}`,
      previousSecretExpiresAt: sql`now() + interval '${sql.raw(PREVIOUS_SECRET_GRACE)}'`,
      updatedAt: new Date(),
    })
    .where(eq(webhooks.id, webhook.id));
  return { secret, webhook };
}
