import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, uniqueLinks, type Form } from "@/db/schema";
import { enqueueSubmissionEvent } from "@/server/webhooks/enqueue";
import { countInsertedSql } from "./submission-count";

/** A validated submission, ready to store. */
export type NewSurveySubmission = {
  formId: number;
  organizationId: number;
  /** Canonical answers keyed by element id (survey/answers/validate-answers.ts). */
  data: Record<string, unknown>;
  /** Seconds from page render (or the JSON body's `duration`) to submit; null when unknown. */
  duration: number | null;
  spam: boolean;
  /** The unique link it was submitted through: completed in the same transaction. */
  uniqueLinkId: string | null;
};

export type StoredSubmission = NewSurveySubmission & { id: string; createdAt: Date };

/** The form a submission goes to, as its Submission.Created event names it. */
export type SubmittedForm = Pick<Form, "id" | "uuid" | "name" | "elements">;

/** The link was completed, switched off or expired by the time this submit committed. */
export class LinkNotOpenError extends Error {
  constructor() {
    super("unique link no longer open");
    this.name = "LinkNotOpenError";
  }
}

/**
 * Stores one submission in one transaction: the unique link's `completed` status (first, so
 * two submits of one link queue on its row and the second finds it completed and stores
 * nothing), the row itself, the form's count (a count shard, so submits to one form do not
 * queue on the form row) and its Submission.Created event.
 *
 * Throws LinkNotOpenError when the link no longer takes answers; nothing is stored then.
 */
export async function createSubmission(
  db: DbOrTx,
  form: SubmittedForm,
  input: NewSurveySubmission,
  hooks: {
    /** First thing in the transaction; throw to store nothing (the caller's rate limit counts here). */
    beforeInsert?: (tx: DbOrTx) => Promise<void>;
  } = {},
): Promise<StoredSubmission> {
  return db.transaction(async (tx) => {
    await hooks.beforeInsert?.(tx);
    if (input.uniqueLinkId) {
      const completed = await tx
        .update(uniqueLinks)
        .set({ status: "completed", updatedAt: sql`now()` })
        .where(
          and(
            eq(uniqueLinks.id, input.uniqueLinkId),
            eq(uniqueLinks.formId, input.formId),
            ne(uniqueLinks.status, "completed"),
            eq(uniqueLinks.active, true),
            sql`(${uniqueLinks.expiresAt} is null or ${uniqueLinks.expiresAt} > now())`,
          ),
        )
        .returning({ id: uniqueLinks.id });
      if (completed.length === 0) throw new LinkNotOpenError();
    }

    // The row and its count in one statement: one round trip fewer on the hot path.
    const [row] = await tx.execute<{ id: string; created_at: string }>(sql`
      with inserted as (
        insert into ${submissions} (form_id, organization_id, data, duration, spam, unique_link_id)
        values (${input.formId}, ${input.organizationId}, ${JSON.stringify(input.data)}::jsonb, ${input.duration}, ${input.spam}, ${input.uniqueLinkId})
        returning id, form_id, created_at
      ), counted as (${countInsertedSql(sql`select form_id from inserted`)})
      select id, created_at from inserted`);

    const stored: StoredSubmission = { ...input, id: row!.id, createdAt: new Date(row!.created_at) };
    // Its event commits with it (spam makes none): webhooks and connector subscriptions.
    await enqueueSubmissionEvent(tx, "Submission.Created", {
      form,
      submission: { id: stored.id, data: stored.data, spam: stored.spam, createdAt: stored.createdAt, updatedAt: stored.createdAt },
    });
    return stored;
  });
}
