import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import { forms, submissions, webhookDeliveries, webhooks, type Submission } from "../../../db/schema";
import { enqueueSubmissionEvent } from "../../../server/webhooks/delivery/enqueue";
import type { SubmissionEvent } from "../../../lib/webhook-events";
import { generateSecret } from "../../../server/webhooks/delivery/signature";

/**
 * Stores a submission the way the survey's create service does — submission, form count and
 * `Submission.Created` in one transaction — until that service lands on this branch.
 */
export async function storeSubmission(
  db: Db,
  formId: number,
  data: Record<string, unknown>,
  opts: { spam?: boolean } = {},
): Promise<Submission> {
  return db.transaction(async (tx) => {
    const [form] = await tx.select().from(forms).where(eq(forms.id, formId)).for("update");
    const [submission] = await tx
      .insert(submissions)
      .values({ formId, organizationId: form!.organizationId, data, spam: opts.spam ?? false })
      .returning();
    await tx
      .update(forms)
      .set({ submissionsCount: sql`${forms.submissionsCount} + 1` })
      .where(eq(forms.id, formId));
    await enqueueSubmissionEvent(tx, "Submission.Created", { form: form!, submission: submission! });
    return submission!;
  });
}

/** A webhook row written directly (no API, no address check): for worker tests on their own database. */
export async function insertWebhook(db: Db, formId: number, url: string, events: SubmissionEvent[] = ["Submission.Created"]) {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  const [row] = await db
    .insert(webhooks)
    .values({ organizationId: form!.organizationId, formId, source: "form", url, events, secret: generateSecret() })
    .returning();
  return row!;
}

/** The deliveries of a webhook, straight from the table. */
export const deliveriesOf = (db: Db, webhookId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
