import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import { forms, submissions, webhookDeliveries, type Submission } from "../../../db/schema";
import { enqueueSubmissionEvent } from "../../../server/webhooks/delivery/enqueue";

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

export { insertWebhook } from "../../../scripts/lib/seed-webhook";

/** The deliveries of a webhook, straight from the table. */
export const deliveriesOf = (db: Db, webhookId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
