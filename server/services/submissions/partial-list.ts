import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { partialResponses } from "@/db/schema";
import { FieldResolver } from "@/lib/filters/fields";
import { matchesFilters } from "@/lib/filters/filter-eval";
import { parseFilters, type FilterParam } from "@/lib/filters/filters";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";

/**
 * The partial responses `GET /api/v2/submissions?include_partial=true` lists after the
 * completed submissions: the unfinished ones of the form, last updated first, through the
 * same filters (evaluated in memory, lib/filters/filter-eval.ts). At most MAX_LISTED are read.
 */
const MAX_LISTED = 10_000;

export async function listPartials(
  db: DbOrTx,
  access: FormAccess,
  formId: number,
  opts: { filters: readonly FilterParam[]; offset: number; limit: number },
) {
  const form = await getAccessibleFormOrThrow(db, access, formId);
  const filters = parseFilters(new FieldResolver(form.elements), opts.filters);
  const rows = await db
    .select({
      id: partialResponses.id,
      data: partialResponses.data,
      createdAt: partialResponses.createdAt,
      updatedAt: partialResponses.updatedAt,
    })
    .from(partialResponses)
    .where(
      and(
        eq(partialResponses.organizationId, access.organizationId),
        eq(partialResponses.formId, form.id),
        isNull(partialResponses.completedAt),
      ),
    )
    .orderBy(desc(partialResponses.updatedAt), desc(partialResponses.id))
    .limit(MAX_LISTED);
  const matching = filters.length ? rows.filter((r) => matchesFilters(filters, r.data)) : rows;
  return { total: matching.length, items: matching.slice(opts.offset, opts.offset + opts.limit) };
}
