/*
 * The submissions before and after one, in a listing's order: the Previous and Next of a
 * submission opened from the dashboard's table, through the same filters, spam view and sort.
 */
import "server-only";
import { and, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { submissions } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { UUID_RE } from "@/lib/values/ids";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import type { ColumnSort, SortOrder } from "../sort";
import { orderBy } from "./order";
import { readQuery, type SubmissionQuery } from "./request";
import { resolveTarget } from "./target";
import { submissionSetWhere } from "./where";

export type SubmissionNeighbours = { previous: string | null; next: string | null };

/** The current row's sort value as text, so a timestamp keeps its microseconds (a JS Date would drop them). */
type Key = { value: string | null; id: string };

/**
 * Previous and next of submission `id` in `query`'s set and column sort (the id breaking ties,
 * as listings do); null at either end, and both null when the submission is not in the set
 * (it was filtered out or marked spam since). A submission that is not the form's is a 404.
 */
export async function submissionNeighbours(
  db: Db,
  access: FormAccess,
  query: SubmissionQuery & { sort: ColumnSort },
  id: string,
): Promise<SubmissionNeighbours> {
  const target = resolveTarget(query.form);
  const form = target.check(await getAccessibleFormOrThrow(db, access, target.ref));
  const { filters } = readQuery(form, query);
  const set = submissionSetWhere(access, form, filters, query.view ?? "all");
  const column = { created_at: submissions.createdAt, updated_at: submissions.updatedAt, duration: submissions.duration }[query.sort.field];
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", MESSAGES.submissionNotFound);
  const [current] = await db
    .select({ value: sql<string | null>`${column}::text`, id: submissions.id, inSet: sql<boolean>`${set}` })
    .from(submissions)
    .where(
      and(eq(submissions.id, id.toLowerCase()), eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id)),
    );
  if (!current) throw new AppError("NOT_FOUND", MESSAGES.submissionNotFound);
  if (!current.inSet) return { previous: null, next: null };
  const after = (order: SortOrder) =>
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(set, comesAfter(column, current, order)))
      .orderBy(...orderBy({ field: query.sort.field, order }))
      .limit(1)
      .then((rows) => rows[0]?.id ?? null);
  const flipped: SortOrder = query.sort.order === "asc" ? "desc" : "asc";
  const [next, previous] = await Promise.all([after(query.sort.order), after(flipped)]);
  return { previous, next };
}

/**
 * The rows after `key` in `column order, id order` as PostgreSQL sorts it: nulls last going up,
 * first going down (only duration has them). Going the other way is the same test with the
 * order flipped, since PostgreSQL's null placement flips with it.
 */
function comesAfter(column: typeof submissions.duration | typeof submissions.createdAt, key: Key, order: SortOrder): SQL {
  const beyond = order === "asc" ? sql`>` : sql`<`;
  const afterId = sql`${submissions.id} ${beyond} ${key.id}`;
  if (key.value === null) {
    const sameNull = and(isNull(column), afterId)!;
    return order === "asc" ? sameNull : or(sameNull, isNotNull(column))!;
  }
  const typed = sql`${key.value}::${sql.raw(column === submissions.duration ? "integer" : "timestamptz")}`;
  const later = or(sql`${column} ${beyond} ${typed}`, and(sql`${column} = ${typed}`, afterId))!;
  return order === "asc" ? or(later, isNull(column))! : later;
}
