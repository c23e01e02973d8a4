import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, uniqueLinks } from "@/db/schema";
import { countNewSubmission } from "./submission-count";

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
 * queue on the form row) and whatever `afterInsert` adds.
 *
 * Throws LinkNotOpenError when the link no longer takes answers; nothing is stored then.
 */
export async function createSubmission(db: DbOrTx, input: NewSurveySubmission): Promise<StoredSubmission> {
  return db.transaction(async (tx) => {
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

    const [row] = await tx
      .insert(submissions)
      .values({
        formId: input.formId,
        organizationId: input.organizationId,
        data: input.data,
        duration: input.duration,
        spam: input.spam,
        uniqueLinkId: input.uniqueLinkId,
      })
      .returning({ id: submissions.id, createdAt: submissions.createdAt });
    await countNewSubmission(tx, input.formId);

    const stored: StoredSubmission = { ...input, id: row!.id, createdAt: row!.createdAt };
    await afterInsert(tx, stored);
    return stored;
  });
}

/**
 * The hook point for work that must commit (or roll back) with the submission itself. The
 * webhook feature adds its outbox rows here (Submission.Created, connector
 * submission.created for non-spam), so an event exists exactly when its submission does.
 */
async function afterInsert(_tx: DbOrTx, _submission: StoredSubmission): Promise<void> {}
