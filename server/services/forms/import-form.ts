import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type NewSubmission } from "@/db/schema";
import { parseFormDefinition } from "@/lib/forms/definition";
import { AppError } from "@/lib/errors";
import { SLUG_TAKEN_REASON, slugConflictOr, slugTaken } from "@/server/services/publishing/form-slug";

const INSERT_BATCH = 1000;

/**
 * Creates a form (and its submissions, if the file has any) in one transaction, keeping
 * `submissions_count` exact. Returns the new form's id and uuid.
 */
export async function importForm(
  db: DbOrTx,
  organizationId: number,
  file: unknown,
  opts: { publish?: boolean } = {},
): Promise<{ id: number; uuid: string }> {
  const def = parseFormDefinition(file);
  const slug = def.settings?.publishing?.slug;
  if (slug && (await slugTaken(db, slug, null))) throw new AppError("BAD_REQUEST", `settings.slug '${slug}' ${SLUG_TAKEN_REASON}`);
  return db.transaction(async (tx) => {
    const [form] = await tx
      .insert(forms)
      .values({
        organizationId,
        name: def.name,
        elements: def.elements,
        settings: def.settings ?? {},
        slug: slug ?? null,
        published: opts.publish ?? false,
      })
      .returning({ id: forms.id, uuid: forms.uuid })
      .catch((error: unknown) => {
        throw slugConflictOr(error, slug);
      });
    const rows: NewSubmission[] = def.submissions.map((s) => {
      const createdAt = s.createdAt ? new Date(s.createdAt) : new Date();
      return {
        formId: form!.id,
        organizationId,
        data: s.data,
        spam: s.spam ?? false,
        duration: s.duration ?? null,
        createdAt,
        updatedAt: s.updatedAt ? new Date(s.updatedAt) : createdAt,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(submissions).values(rows.slice(i, i + INSERT_BATCH));
    }
    if (rows.length) await tx.update(forms).set({ submissionsCount: rows.length }).where(eq(forms.id, form!.id));
    return { id: form!.id, uuid: form!.uuid };
  });
}
