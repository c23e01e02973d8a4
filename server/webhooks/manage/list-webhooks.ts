import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Form, type Webhook } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";

/** A form's webhooks (not connector subscriptions), newest first, 20 a page. */
export async function listWebhooks(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  page: number,
): Promise<{ form: Form; webhooks: Webhook[]; total: number }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const where = and(eq(webhooks.formId, form.id), eq(webhooks.source, "form"));
  const [rows, [total]] = await Promise.all([
    db.select().from(webhooks).where(where).orderBy(desc(webhooks.id)).limit(PAGE_SIZE).offset(pageOffset(page)),
    db.select({ n: count() }).from(webhooks).where(where),
  ]);
  return { form, webhooks: rows, total: total?.n ?? 0 };
}
