import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhookDeliveries, type DeliveryStatus, type WebhookDelivery } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { getFormWebhookOrThrow } from "./get-webhook";

/** A webhook's deliveries, newest first, 20 a page, optionally of one status. */
export async function listDeliveries(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string | number,
  params: { page: number; status?: DeliveryStatus },
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const { webhook } = await getFormWebhookOrThrow(db, access, formRef, id);
  const where = and(eq(webhookDeliveries.webhookId, webhook.id), params.status ? eq(webhookDeliveries.status, params.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { deliveries: rows, total: total?.n ?? 0 };
}
