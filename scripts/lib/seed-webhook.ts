import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { forms, webhooks } from "../../db/schema";
import type { SubmissionEvent } from "../../lib/webhook-events";
import { generateSecret } from "../../server/webhooks/delivery/signature";

/**
 * A webhook row written directly (no API, no address check): for worker tests and benches on a
 * database of their own, whose receivers listen on loopback.
 */
export async function insertWebhook(db: Db, formId: number, url: string, events: SubmissionEvent[] = ["Submission.Created"]) {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  const [row] = await db
    .insert(webhooks)
    .values({ organizationId: form!.organizationId, formId, source: "form", url, events, secret: generateSecret() })
    .returning();
  return row!;
}
