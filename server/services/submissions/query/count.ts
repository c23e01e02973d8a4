/*
 * totalCount of a filtered listing without reading the submissions: from the filter index's
 * id sets, its per-place counters and its text key (value-index.ts); or, when it must, by
 * reading every match.
 */
import "server-only";
import { count, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Form } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import type { Filter } from "@/lib/filters/filters";
import { countedFilter, indexedIdSet, KEY_LENGTH, type CountedFilter } from "../value-index";
import type { QueryLimits } from "./plan";

type CountLimits = Pick<QueryLimits, "countLimit" | "distinctKeys">;

/** How many submissions `where` matches, reading each. */
export const countMatches = (db: DbOrTx, where: SQL) =>
  db
    .select({ n: count() })
    .from(submissions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);

/**
 * Whether indexOnlyCount can answer `filters`: one filter with a counter, or every filter an
 * index set. Else the count reads the submissions' rows (as it does, rarely, when a counter
 * gives up and no index set stands in: indexOnlyCount's null).
 */
export function indexCountable(form: Pick<Form, "id">, filters: readonly Filter[]): boolean {
  const [only] = filters;
  if (filters.length === 1 && countedFilter(only!.field, only!.condition, only!.negate, form.id)) return true;
  return filters.length > 0 && filters.every((f) => indexedIdSet(f.field, f.condition, f.negate, form.id) !== null);
}

/**
 * totalCount from the filter index alone, when every filter reads it: the intersection of the
 * wanted id sets minus the union of the unwanted ones, each an index-only range scan, never
 * reading a submission (a semi-join fetches every match's row at random: ~3× the time at
 * 10,000 matches). With no wanted set, the form's exact count minus the unwanted. Null when a
 * filter is an equality (the GIN index's). The form was checked against `access` by the
 * caller, and the statement checks it again.
 */
export async function indexOnlyCount(
  db: DbOrTx,
  access: FormAccess,
  form: Pick<Form, "id" | "submissionsCount">,
  filters: readonly Filter[],
  limits: CountLimits,
): Promise<number | null> {
  if (filters.length === 1) {
    const n = await countedCount(db, access, form, filters[0]!, limits);
    if (n !== null) return n;
  }
  const sets = filters.map((f) => indexedIdSet(f.field, f.condition, f.negate, form.id));
  if (sets.length === 0 || sets.some((x) => x === null)) return null;
  const keep = sets.filter((x) => x!.keep);
  const drop = sets.filter((x) => !x!.keep);
  const part = (x: (typeof sets)[number]) => sql`(${x!.ids})`;
  const union = sql.join(drop.map(part), sql` union `);
  const intersection = sql.join(keep.map(part), sql` intersect `);
  let ids: SQL;
  let counted = sql`count(*)`;
  if (keep.length === 0) ids = union;
  else ids = drop.length ? sql`(${intersection}) except (${union})` : intersection;
  // A set operation leaves each id once; so does one set whose submissions have one row each.
  const single = sets.length === 1 ? sets[0]! : null;
  if (single && !single.unique) counted = sql`count(distinct fh_ids.submission_id)`;
  const [row] = await db.execute<{ n: number }>(sql`
    select ${counted}::int as n from (${ids}) as fh_ids
    where exists (select 1 from ${forms} where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId})`);
  const n = row?.n ?? 0;
  // Only unwanted sets: every submission of the form (its exact kept count) but those.
  return keep.length === 0 ? Math.max(0, form.submissionsCount - n) : n;
}

/**
 * totalCount of one filter on a place with one value per submission, from the place's
 * counters (countedFilter): is_empty/is_filled read the counter alone; a typed comparison
 * counts its matching rows up to `countLimit` (a fiftieth of the form), and past that its
 * refused rows, the matches being the counted values minus those; only when both are large
 * is the matching set counted in full. One statement for a selective filter, two for one
 * that holds for most of its field. Null when the filter has no counter. The statements
 * check the tenant.
 */
async function countedCount(
  db: DbOrTx,
  access: FormAccess,
  form: Pick<Form, "id" | "submissionsCount">,
  filter: Filter,
  { countLimit: limit, distinctKeys }: CountLimits,
): Promise<number | null> {
  const counted = countedFilter(filter.field, filter.condition, filter.negate, form.id);
  if (!counted) return null;
  const plan: (CountedFilter & { none?: boolean }) | null = counted.distinct ? await splitByKeys(db, counted, distinctKeys) : counted;
  if (!plan) return null;
  const upTo = (rows: SQL[], max?: number) =>
    sql`(select count(*)::int from (${sql.join(rows, sql` union all `)}${max === undefined ? sql`` : sql` limit ${max}`}) as fh_rows)`;
  const tenant = sql`from ${forms} where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId}`;
  const [first] = await db.execute<{ counted: number; rows: number | null }>(
    sql`select (${plan.counted}) as counted, ${plan.rows ? upTo([plan.rows], limit) : sql`null::int`} as rows ${tenant}`,
  );
  if (!first) return 0;
  let matching: number;
  if (plan.none) matching = 0;
  else if (first.rows === null)
    matching = first.counted; // is_empty/is_filled: the counter itself
  else if (first.rows < limit)
    matching = first.rows; // all of them, counted
  else if (plan.others.length === 0)
    matching = first.counted; // no value refuses it
  else {
    const [second] = await db.execute<{ refused: number }>(sql`select ${upTo(plan.others, limit)} as refused ${tenant}`);
    const refused = second?.refused ?? 0;
    if (refused < limit) matching = first.counted - refused;
    else {
      const [all] = await db.execute<{ rows: number }>(sql`select ${upTo([plan.rows!])} as rows ${tenant}`);
      matching = all?.rows ?? 0;
    }
  }
  return plan.keep ? matching : Math.max(0, form.submissionsCount - matching);
}

/**
 * A `contains` counted through the field's distinct text keys: the rows of the keys that
 * contain the text, or the counter minus the rows of those that do not. Null (the trigram
 * index counts it) past `cap` keys, or when a key may be cut (KEY_LENGTH).
 */
async function splitByKeys(db: DbOrTx, counted: CountedFilter, cap: number): Promise<(CountedFilter & { none?: boolean }) | null> {
  const keys = await db.execute<{ k: string; hit: boolean }>(counted.distinct!.keys(cap));
  if (keys.length > cap || keys.some((x) => [...x.k].length >= KEY_LENGTH)) return null;
  const hits = keys.filter((x) => x.hit).map((x) => x.k);
  const misses = keys.filter((x) => !x.hit).map((x) => x.k);
  const { rowsOf } = counted.distinct!;
  // No key contains it: nothing matches (the counter's statement still checks the tenant).
  if (hits.length === 0) return { ...counted, none: true };
  return { ...counted, rows: rowsOf(hits), others: misses.length ? [rowsOf(misses)] : [] };
}
