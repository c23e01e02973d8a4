import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import { isChoiceType } from "@/lib/forms/element-types";
import type { FormAccess } from "@/server/services/forms/access";
import type { SpamView } from "./query/request";
import { submissionSetWhere } from "./query/where";
import type { Filter } from "@/lib/filters/filters";

/** Days the "per day" chart covers, today (UTC) included. */
export const CHART_DAYS = 30;

export type ChoiceSummary = {
  elementId: string;
  label: string;
  /** Submissions of the set that answered this field. */
  answered: number;
  /** Every option in the form's order (then values no option has), with its count and share of `answered`. */
  options: { value: string; label: string; count: number; percent: number }[];
};

export type SubmissionStats = {
  /** One entry per UTC day, oldest first, `CHART_DAYS` of them. */
  perDay: { day: string; count: number }[];
  choices: ChoiceSummary[];
};

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The charts of the dashboard for the same filtered set as the table, counted by PostgreSQL:
 * submissions per UTC day over the last CHART_DAYS days, and for each top-level choice field
 * how many chose each option (a multi-select counts once per option chosen).
 */
export async function submissionStats(
  db: DbOrTx,
  access: FormAccess,
  form: Pick<Form, "id" | "elements">,
  params: { filters: readonly Filter[]; view: SpamView },
  now = new Date(),
): Promise<SubmissionStats> {
  const where = submissionSetWhere(access, form, params.filters, params.view);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (CHART_DAYS - 1) * 86_400_000);
  const choiceFields = form.elements.filter((el) => el && typeof el.id === "string" && isChoiceType(el.type));
  const ids = choiceFields.map((el) => el.id);

  const days = db.execute<{ day: string; n: number }>(sql`
    select to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
    from ${submissions}
    where ${where} and ${submissions.createdAt} >= ${first.toISOString()}::timestamptz
    group by 1`);
  // Each answer as a list of option values (a single choice is a list of one).
  const values = sql`jsonb_array_elements_text(case jsonb_typeof(${submissions.data} -> f.id)
      when 'array' then ${submissions.data} -> f.id
      when 'string' then jsonb_build_array(${submissions.data} -> f.id)
      else '[]'::jsonb end)`;
  const counts = ids.length
    ? db.execute<{ id: string; value: string; n: number }>(sql`
        select f.id, v.value, count(*)::int as n
        from ${submissions} cross join unnest(${sql.param(ids)}::text[]) f(id) cross join lateral ${values} v(value)
        where ${where}
        group by 1, 2`)
    : Promise.resolve([]);
  const answered = ids.length
    ? db.execute<{ id: string; n: number }>(sql`
        select f.id, count(*)::int as n
        from ${submissions} cross join unnest(${sql.param(ids)}::text[]) f(id)
        where ${where} and exists (select 1 from ${values} v(value))
        group by 1`)
    : Promise.resolve([]);
  const [dayRows, countRows, answeredRows] = await Promise.all([days, counts, answered]);

  const byDay = new Map([...dayRows].map((r) => [r.day, Number(r.n)]));
  const perDay = Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = dayKey(new Date(first.getTime() + i * 86_400_000));
    return { day, count: byDay.get(day) ?? 0 };
  });

  const choices = choiceFields.map((el): ChoiceSummary => {
    const total = Number([...answeredRows].find((r) => r.id === el.id)?.n ?? 0);
    const mine = [...countRows].filter((r) => r.id === el.id);
    const countOf = (v: string) => Number(mine.find((r) => r.value === v)?.n ?? 0);
    const pct = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
    const known = (el.options ?? []).map((o) => ({ value: o.value, label: o.label, count: countOf(o.value) }));
    const others = mine
      .filter((r) => !known.some((k) => k.value === r.value))
      .map((r) => ({ value: r.value, label: r.value, count: Number(r.n) }));
    const options = [...known, ...others].map((o) => ({ ...o, percent: pct(o.count) }));
    return { elementId: el.id, label: el.label, answered: total, options };
  });
  return { perDay, choices };
}
