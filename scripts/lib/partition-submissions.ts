/**
 * The pieces of `npm run bench -- --only partitions` (scripts/bench.ts) that touch the schema:
 * the other forms' rows that make the table large, and `submissions` with its filter index
 * (`submission_values`) rebuilt as tables partitioned by hash of `form_id`, swapped in under
 * the same names so the service's own queries run against them unchanged.
 *
 * Only ever on a throw-away bench database: the swap leaves the old tables beside the new ones
 * and no trigger on the new ones (the bench only reads after it).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { forms } from "../../db/schema";

/**
 * `rows` submissions spread evenly over `formCount` new forms of `organizationId`, two short
 * answers each (a plan and an amount): the rest of a 10M-row table around the bench form.
 * The filter index is kept by its triggers as for any insert.
 */
export async function seedOtherForms(db: Db, organizationId: number, rows: number, formCount = 99): Promise<number[]> {
  const created = await db
    .insert(forms)
    .values(
      Array.from({ length: formCount }, (_, i) => ({
        organizationId,
        name: `Other form ${i + 1}`,
        elements: [
          { id: "q_plan", label: "Plan", type: "short-text" as const },
          { id: "q_amount", label: "Amount", type: "number" as const },
        ],
      })),
    )
    .returning({ id: forms.id });
  const ids = created.map((f) => f.id);
  const idArray = sql.raw(`array[${ids.join(",")}]::int[]`);
  await db.execute(sql`
    insert into submissions (form_id, organization_id, data, duration, created_at, updated_at)
    select (${idArray})[1 + (g % ${formCount})], ${organizationId},
      jsonb_build_object('q_plan', 'plan-' || (g % 997), 'q_amount', (g * 7919) % 10000),
      (g * 31) % 3600,
      timestamptz '2021-01-01' + g * interval '6 seconds',
      timestamptz '2021-01-01' + g * interval '6 seconds' + ((g * 7907) % 86400) * interval '1 second'
    from generate_series(1::bigint, ${rows}::bigint) g`);
  await db.execute(sql`
    update forms f set submissions_count = c.n
    from (select form_id, count(*)::int as n from submissions where form_id = any(${idArray}) group by form_id) c
    where f.id = c.form_id`);
  return ids;
}

type IndexDef = { indexname: string; indexdef: string };

/**
 * One table rebuilt as `<table>_by_form`, partitioned by hash of form_id into `partitions`
 * parts, filled from the original, its indexes made from the original's own definitions (a
 * unique key gains form_id, as PostgreSQL requires of a partitioned table's keys), then swapped
 * in under the original's name (the original stays as `<table>_plain`).
 */
async function partitionTable(db: Db, table: "submissions" | "submission_values", partitions: number) {
  const next = `${table}_by_form`;
  const indexes = await db.execute<IndexDef>(
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = ${table}`,
  );
  const like = `like ${table} including defaults including constraints including generated`;
  await db.execute(sql.raw(`create table ${next} (${like}) partition by hash (form_id)`));
  for (let i = 0; i < partitions; i++) {
    await db.execute(sql.raw(`create table ${next}_p${i} partition of ${next} for values with (modulus ${partitions}, remainder ${i})`));
  }
  await db.execute(sql.raw(`insert into ${next} select * from ${table}`));
  for (const ix of indexes) await db.execute(sql.raw(partitionedIndex(ix, table, next)));
  await db.execute(sql.raw(`alter table ${table} rename to ${table}_plain`));
  await db.execute(sql.raw(`alter table ${next} rename to ${table}`));
}

/** An index definition of `table` as the same index on `next`; a unique one keyed by form_id too. */
export function partitionedIndex(ix: IndexDef, table: string, next: string): string {
  let def = ix.indexdef
    .replace(`INDEX ${ix.indexname} ON public.${table} `, `INDEX ${ix.indexname}_by_form ON public.${next} `)
    .replace(` ON ONLY public.${table} `, ` ON public.${next} `);
  if (/^CREATE UNIQUE INDEX/.test(def) && !/\(.*\bform_id\b.*\)/.test(def.split(" WHERE ")[0]!)) {
    def = def.replace(/ USING (\w+) \(([^)]*)\)/, (_, method: string, cols: string) => ` USING ${method} (${cols}, form_id)`);
  }
  return def;
}

/**
 * Partitions `submissions` and `submission_values` by hash of form_id (`partitions` parts
 * each), then VACUUM ANALYZE, as the plain tables had after their load. Returns the seconds it took.
 */
export async function partitionByForm(db: Db, partitions: number): Promise<number> {
  const t0 = performance.now();
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  await partitionTable(db, "submissions", partitions);
  await partitionTable(db, "submission_values", partitions);
  await db.execute(sql`vacuum analyze submissions`);
  await db.execute(sql`vacuum analyze submission_values`);
  return (performance.now() - t0) / 1000;
}

/** The partitions a form's page 1 reads, by EXPLAIN: one when pruning works. */
export async function partitionsRead(db: Db, formId: number): Promise<string[]> {
  const plan = await db.execute<{ "QUERY PLAN": string }>(
    sql`explain (costs off) select id from submissions where form_id = ${formId} order by created_at desc, id desc limit 20`,
  );
  const names = plan.flatMap((r) => [...r["QUERY PLAN"].matchAll(/ on (submissions_by_form_p\d+)/g)].map((m) => m[1]!));
  return [...new Set(names)];
}
