import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/server/services/lib/db-errors";

/**
 * A form's short link `/f/<slug>`: `forms.slug`, unique per instance (the column's unique
 * constraint), set from the live settings when the form is imported or published.
 */
export const SLUG_TAKEN_REASON = "is already used by another form; choose another";
const SLUG_CONSTRAINT = "forms_slug_unique";

/** Whether another form (of any organization: slugs share one address space) holds `slug`. */
export async function slugTaken(db: DbOrTx, slug: string, exceptFormId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.slug, slug), exceptFormId === null ? undefined : ne(forms.id, exceptFormId)))
    .limit(1);
  return row !== undefined;
}

/** A write that lost the race for a slug: 409 with the slug's sentence, at its path. */
export function slugConflictOr(error: unknown, slug: string | undefined): unknown {
  if (!slug || !isUniqueViolation(error, SLUG_CONSTRAINT)) return error;
  return new AppError("CONFLICT", `settings.slug '${slug}' ${SLUG_TAKEN_REASON}`, {
    path: ["settings", "slug"],
    reason: SLUG_TAKEN_REASON,
  });
}

/** The id of the form whose short link is `slug` (case-insensitive), or null. */
export async function formUuidBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ uuid: forms.uuid }).from(forms).where(eq(forms.slug, slug.toLowerCase())).limit(1);
  return row?.uuid ?? null;
}
