import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Form, type FormElement, type FormSettings } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { formAccessFilter, getAccessibleFormOrThrow, type FormAccess } from "./access";
import { publishProblems, type ElementProblem } from "@/lib/forms/definition";
import { uploadPublishProblems } from "@/server/uploads/publish-rules";
import { placeCount } from "@/server/services/submissions/value-index";
import { SLUG_TAKEN_REASON, slugConflictOr, slugTaken } from "@/server/services/publishing/form-slug";

/**
 * The builder's draft of a form. The builder edits `draft_elements` (a copy of `elements`
 * made on the first save); surveys and APIs keep serving `elements` until the owner
 * publishes. `draft_revision` is the version the builder last saw: every write names it, and
 * a write based on an older one is refused, so two tabs never silently overwrite each other.
 */
export type BuilderDraft = {
  uuid: string;
  name: string;
  published: boolean;
  /** The draft when there is one, else the live elements. */
  elements: FormElement[];
  /** The form's description and endings, drafted like the elements. */
  settings: FormSettings;
  /** Whether the draft differs from what respondents see (an unpublished draft or unpublished form). */
  hasDraft: boolean;
  /**
   * How many elements the form has outside the draft (`elements`): what Discard goes back to —
   * the published form, or for a form not published the last published, imported or copied
   * one; 0 for a form created blank.
   */
  savedElementCount: number;
  revision: number;
  submissionsCount: number;
};

export const DRAFT_CONFLICT =
  "This form was changed in another tab or by someone else since you opened it. " +
  "Reload to see the latest version; your last change was not saved.";

function toDraft(form: Form): BuilderDraft {
  return {
    uuid: form.uuid,
    name: form.name,
    published: form.published,
    elements: form.draftElements ?? form.elements,
    settings: form.draftSettings ?? form.settings,
    hasDraft: form.draftElements !== null || form.draftSettings !== null,
    savedElementCount: form.elements.length,
    revision: form.draftRevision,
    submissionsCount: form.submissionsCount,
  };
}

export async function getDraft(db: DbOrTx, access: FormAccess, ref: string): Promise<BuilderDraft> {
  return toDraft(await getAccessibleFormOrThrow(db, access, ref));
}

/**
 * Writes `set` when the form is still at `revision`; otherwise 409 with DRAFT_CONFLICT.
 * `updated_at` moves only when what respondents and the APIs see changes (publishing), not
 * with every autosave of a draft nobody else can see.
 */
async function writeAtRevision(db: DbOrTx, access: FormAccess, ref: string, revision: number, set: Partial<Form>): Promise<BuilderDraft> {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  const live = "elements" in set || "published" in set;
  const [updated] = await db
    .update(forms)
    .set({ ...set, draftRevision: sql`${forms.draftRevision} + 1`, ...(live ? { updatedAt: new Date() } : {}) })
    .where(and(formAccessFilter(access), eq(forms.id, form.id), eq(forms.draftRevision, revision)))
    .returning();
  if (!updated) throw new AppError("CONFLICT", DRAFT_CONFLICT, { reason: "revision" });
  return toDraft({ ...updated, submissionsCount: form.submissionsCount });
}

/**
 * Autosave: stores the tree (and the settings, when given) as the draft; shapes were checked
 * by the procedure's input. Settings left out keep their draft.
 */
export function saveDraft(
  db: DbOrTx,
  access: FormAccess,
  ref: string,
  input: { elements: FormElement[]; settings?: FormSettings; revision: number },
) {
  return writeAtRevision(db, access, ref, input.revision, {
    draftElements: input.elements,
    ...(input.settings ? { draftSettings: input.settings } : {}),
  });
}

/** Drops the draft: the builder shows the live elements again. */
export function discardDraft(db: DbOrTx, access: FormAccess, ref: string, input: { revision: number }) {
  return writeAtRevision(db, access, ref, input.revision, { draftElements: null, draftSettings: null });
}

export type PublishResult = { ok: true; draft: BuilderDraft } | { ok: false; problems: ElementProblem[] };

/**
 * Publish (or publish changes): the draft must pass the import's element rules and the
 * publishing ones (definition.ts). Then it becomes `elements`, the form is published and the
 * draft is gone, in one statement. With problems nothing changes and each is answered with its path.
 */
export async function publishDraft(db: DbOrTx, access: FormAccess, ref: string, input: { revision: number }): Promise<PublishResult> {
  let slug: string | undefined;
  return db
    .transaction(async (tx) => {
      const form = await getAccessibleFormOrThrow(tx, access, ref);
      if (form.draftRevision !== input.revision) throw new AppError("CONFLICT", DRAFT_CONFLICT, { reason: "revision" });
      const elements = form.draftElements ?? form.elements;
      const settings = form.draftSettings ?? form.settings;
      const problems = [...publishProblems(elements, settings), ...uploadPublishProblems(elements)];
      slug = settings.publishing?.slug;
      if (!problems.length && slug && (await slugTaken(tx, slug, form.id)))
        problems.push({ path: ["settings", "slug"], message: `settings.slug ${SLUG_TAKEN_REASON}`, reason: SLUG_TAKEN_REASON });
      if (problems.length) return { ok: false as const, problems };
      const draft = await writeAtRevision(tx, access, ref, input.revision, {
        elements,
        settings,
        slug: slug ?? null,
        draftElements: null,
        draftSettings: null,
        published: true,
      });
      return { ok: true as const, draft };
    })
    .catch((error: unknown) => {
      throw slugConflictOr(error, slug);
    });
}

/** Stops taking answers; the elements and any draft stay. */
export async function unpublishForm(db: DbOrTx, access: FormAccess, ref: string): Promise<BuilderDraft> {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  const [updated] = await db
    .update(forms)
    .set({ published: false, updatedAt: new Date() })
    .where(and(formAccessFilter(access), eq(forms.id, form.id)))
    .returning();
  if (!updated) throw new AppError("CONFLICT", DRAFT_CONFLICT, { reason: "revision" });
  return toDraft({ ...updated, submissionsCount: form.submissionsCount });
}

/**
 * How many stored submissions hold an answer for an element (asked before the builder removes
 * it). Answers live in `data` under the element id: a field's answer is its key with a value
 * other than null. A repeat field's component has no key of its own; its answers sit in the
 * repeat field's rows (`data[elementId][i][componentId]`), so with `componentId` a submission
 * counts when any of its rows holds a value other than null for that component (read from
 * `data`; a field's count comes from the filter index's counter).
 */
export async function countElementAnswers(
  db: DbOrTx,
  access: FormAccess,
  ref: string,
  target: { elementId: string; componentId?: string },
): Promise<{ answers: number; submissions: number }> {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  const { elementId, componentId } = target;
  if (componentId === undefined) {
    // The filter index counts the submissions holding a value for an element (JSON null is
    // none): one counter instead of a pass over every submission of the form.
    const [counted] = await db.execute<{ n: number }>(sql`select (${placeCount(form.id, elementId, 0, "", "vals")}) as n
      from ${forms} where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId}`);
    return { answers: counted?.n ?? 0, submissions: form.submissionsCount };
  }
  const value = sql`(${submissions.data} -> ${elementId}::text)`;
  const answered = sql`exists (select 1
    from jsonb_array_elements(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end) as fh_row(r)
    where (fh_row.r -> ${componentId}::text) <> 'null'::jsonb)`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(submissions)
    .where(and(eq(submissions.formId, form.id), eq(submissions.organizationId, access.organizationId), answered));
  return { answers: row?.n ?? 0, submissions: form.submissionsCount };
}
