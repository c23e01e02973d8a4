/*
 * How a filtered page is found: the sizes a listing is planned with (from its form's size),
 * and which statement finds the matches of several filters.
 */
import "server-only";
import { and, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import { filtersSql, jsonFiltersSql, rowTests, usesContainmentIndex } from "../filter-sql";
import type { Filter } from "@/lib/filters/filters";
import { DISTINCT_KEYS, indexedIdSet } from "../value-index";

/** The sizes a listing is planned with; queryLimits derives them from the form, tests may pass their own. */
export type QueryLimits = {
  /** Rows of the first-try window (page.ts): a form of this many submissions or fewer has none. */
  windowRows: number;
  /** From this size on, an index set is too large to drive a request of several filters (planFilters). */
  driveCap: number;
  /** The first probe's limit of a counted filter (count.ts, countedCount). */
  countLimit: number;
  /** The most distinct values a `contains` is counted through (count.ts, splitByKeys). */
  distinctKeys: number;
};

/** ~5 ms of index-order scan; at 1 % selectivity the window holds ~50 matches. */
const WINDOW_ROWS = 5000;
/** Least size of a set too large to drive. */
const MIN_DRIVE_CAP = 1000;

/** The limits of a listing of a form of `submissionsCount` submissions. */
export function queryLimits(submissionsCount: number): QueryLimits {
  return {
    windowRows: WINDOW_ROWS,
    // A tenth of the form: a driver's candidates are fetched by primary key, at most that many.
    driveCap: Math.max(MIN_DRIVE_CAP, Math.floor(submissionsCount / 10)),
    // A fiftieth of the form: past that, the refused rows are counted instead (countedCount).
    countLimit: Math.max(1000, Math.floor(submissionsCount / 50)),
    distinctKeys: DISTINCT_KEYS,
  };
}

/**
 * Which statement finds a filtered page's matches:
 * - `each`: every filter by its own means — the filter index, or with an equality the GIN
 *   index's candidates and the other filters tested on them (filtersSql); counted from the
 *   index where it can (count.ts);
 * - `driver`: the filter `driver`'s index set yields the candidates, the others are tested on
 *   their rows by the JSON engine;
 * - `json`: the JSON engine (jsonFiltersSql), one pass over the form.
 */
export type FilterPlan = { by: "each" } | { by: "driver"; driver: number } | { by: "json" };

/** The filter of a plan, for the WHERE beside the tenant; undefined when there are no filters. */
export function planFilterSql(plan: FilterPlan, filters: readonly Filter[], formId: number): SQL | undefined {
  if (plan.by === "each") return filtersSql(filters, formId);
  if (plan.by === "json") return jsonFiltersSql(filters);
  const driver = filters[plan.driver]!;
  const others = rowTests(filters.filter((_, i) => i !== plan.driver));
  return and(sql`${submissions.id} in (${indexedIdSet(driver.field, driver.condition, driver.negate, formId)!.ids})`, others)!;
}

/**
 * The plan of a request. One filter, or an equality (the GIN index drives): `each`. Several
 * filters without one: joining or intersecting their index sets costs their total size, so
 * three large sets (50 %, 20 %, and a trigram search that rechecks every value) cost more than
 * one pass of the JSON engine (bench: 18 s against 3.6 s). So one statement counts each
 * positive btree set up to `driveCap` (index-only, so at most that many entries each; first up
 * to a twentieth of it, which settles most requests), and:
 * - every filter a btree set, all smaller than the cap: `each` (the index answers alone:
 *   semi-joins, counts by intersection);
 * - else the smallest set, when below the cap, is the `driver`: at most `driveCap` rows,
 *   fetched by primary key;
 * - else (every set large, or none positive) `json`: no combination of large sets beats it.
 * A `contains` set (trigram) drives only when no btree set can: its cost is the trigram
 * search's, whatever its size. The probes' counts only pick the plan; the statements that
 * return rows keep the tenant filter.
 */
export async function planFilters(db: DbOrTx, form: Pick<Form, "id">, filters: readonly Filter[], driveCap: number): Promise<FilterPlan> {
  if (filters.length < 2 || usesContainmentIndex(filters)) return { by: "each" };
  const sets = filters.map((f) => indexedIdSet(f.field, f.condition, f.negate, form.id));
  const positive = sets.flatMap((x, i) => (x?.keep ? [i] : []));
  const btree = positive.filter((i) => filters[i]!.condition.op !== "contains");
  const candidates = btree.length ? btree : positive;
  if (candidates.length === 0) return { by: "json" };
  const probe = async (limit: number) => {
    const counts = candidates.map((i) => sql`(select count(*)::int from (${sets[i]!.ids} limit ${limit}) as fh_probe)`);
    const [row] = await db.execute<{ n: number[] }>(sql`select array[${sql.join(counts, sql`, `)}] as n`);
    return row?.n ?? [];
  };
  // A first probe at a twentieth of the cap: when a set is that small (the usual case of a
  // selective filter) it is the smallest, and the large sets are read no further.
  const early = Math.floor(driveCap / 20);
  let sizes = early >= 1 ? await probe(early) : [];
  let limit = early;
  if (!sizes.some((n) => n < early)) {
    sizes = await probe(driveCap);
    limit = driveCap;
  }
  const least = Math.min(...sizes);
  if (least >= limit) return { by: "json" };
  if (btree.length === filters.length && sizes.every((n) => n < limit)) return { by: "each" };
  return { by: "driver", driver: candidates[sizes.indexOf(least)]! };
}
