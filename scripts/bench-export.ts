/**
 * `npm run bench:export`: the dashboard's CSV export of 1,000,000 submissions of one form.
 *
 *   1. Postgres: DATABASE_URL, else a fresh embedded server in the system temp dir
 *   2. one organization + form (text, number, date, choice, multi-choice, name, matrix) and
 *      BENCH_ROWS (default 1,000,000) submissions from one `insert … select … from generate_series`
 *   3. the export service (server/services/submissions/export-csv.ts) called in-process, as
 *      the route handler calls it, its stream read to the end: rows/s, bytes, and this
 *      process's peak RSS above its baseline (sampled every 20 ms)
 *   4. the same with a slow reader (BENCH_SLOW_MS per chunk, default 2, over the first 500
 *      chunks): the cursor waits for the reader, so memory stays flat
 *
 * Env: BENCH_ROWS, BENCH_KEEP=1 keeps the data (with DATABASE_URL).
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { forms, organizations, type FormElement } from "../db/schema";
import { accessForOrganization } from "../server/services/forms/access";
import { exportSubmissionsCsv } from "../server/services/submissions/export-csv";
import { startThrowawayPostgres } from "./lib/embedded-db";
import { choiceElement, matrixElement, nameElement } from "../e2e/fixtures/elements";
import { dropBenchOrganization } from "./lib/bench-teardown";

const ROWS = Number(process.env.BENCH_ROWS) || 1_000_000;
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 2);

const ELEMENTS: FormElement[] = [
  { id: "q_plan", label: "Plan", type: "short-text" },
  { id: "q_amount", label: "Amount", type: "number" },
  { id: "q_date", label: "Signup date", type: "date" },
  choiceElement("q_topic", "Topic", "radio", { a: ["Sales", "sales"], b: ["Support", "support"] }),
  choiceElement("q_products", "Products", "multiple-checkbox", { f: ["Forms", "forms"], w: ["Webhooks", "hooks"] }),
  nameElement("q_name", "Name", { first_name: ["First name", false], last_name: ["Last name", false] }),
  matrixElement("q_rate", "Rate", { r1: "Docs" }, { c1: ["Good", "1"] }),
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Reads a stream to its end, sampling RSS; `delayMs` waits after each of the first `slowChunks` chunks. */
async function drain(stream: ReadableStream<Uint8Array>, delayMs = 0, slowChunks = 0) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  let bytes = 0;
  let chunks = 0;
  let lines = 0;
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    chunks++;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (delayMs && chunks <= slowChunks) await new Promise((r) => setTimeout(r, delayMs));
    else if (delayMs && chunks === slowChunks + 1) {
      reader.releaseLock();
      await stream.cancel();
      break;
    }
  }
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: performance.now() - t0, bytes, chunks, lines, base, peak };
}

async function main() {
  let url = process.env.DATABASE_URL;
  let stopDb = async () => {};
  const fresh = !url;
  if (!url) {
    const pg = await startThrowawayPostgres("bench-export");
    url = pg.url;
    stopDb = pg.stop;
  }
  await runMigrations(url);
  const db = createDb(url, 4);
  let orgId: number | undefined;
  try {
    const [org] = await db.insert(organizations).values({ name: "bench export" }).returning({ id: organizations.id });
    orgId = org!.id;
    const [form] = await db.insert(forms).values({ organizationId: orgId, name: "Bench export – 1M", elements: ELEMENTS }).returning();
    console.log(`# seeding ${ROWS.toLocaleString("en-US")} submissions`);
    const t0 = performance.now();
    await db.execute(sql`
      insert into submissions (form_id, organization_id, data, duration, created_at, updated_at)
      select ${form!.id}, ${orgId},
        jsonb_build_object(
          'q_plan', case when g % 100 = 0 then '=needle' else 'plan, "' || (g % 997) || '"' end,
          'q_amount', (g * 7919) % 10000,
          'q_date', to_char(date '2020-01-01' + (g % 1500)::int, 'YYYY-MM-DD'),
          'q_topic', case when g % 2 = 0 then 'sales' else 'support' end,
          'q_products', case when g % 3 = 0 then '["forms","hooks"]'::jsonb else '["forms"]'::jsonb end,
          'q_name', jsonb_build_object('first_name', 'First' || g, 'last_name', 'Last' || g),
          'q_rate', jsonb_build_object('r1', jsonb_build_object('c1', '1'))),
        (g * 31) % 3600,
        timestamptz '2022-01-01' + g * interval '60 seconds',
        timestamptz '2022-01-01' + g * interval '60 seconds'
      from generate_series(1::bigint, ${ROWS}::bigint) g`);
    await db.update(forms).set({ submissionsCount: ROWS }).where(eq(forms.id, form!.id));
    await db.execute(sql`vacuum analyze submissions`);
    console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const access = accessForOrganization(orgId);
    const query = { form: { formUuid: form!.uuid }, view: "all" as const, sort: { field: "created_at" as const, order: "desc" as const } };
    global.gc?.();
    const full = await drain((await exportSubmissionsCsv(db, access, query)).stream);
    const rows = full.lines - 1;
    console.log("\n# export, reader as fast as it can");
    const perSecond = Math.round(rows / (full.ms / 1000)).toLocaleString("en-US");
    console.log(`rows: ${rows.toLocaleString("en-US")} in ${(full.ms / 1000).toFixed(1)} s = ${perSecond} rows/s`);
    console.log(`bytes: ${mb(full.bytes)} in ${full.chunks.toLocaleString("en-US")} chunks (${mb(full.bytes / (full.ms / 1000))}/s)`);
    console.log(`RSS: baseline ${mb(full.base)}, peak ${mb(full.peak)} (+${mb(full.peak - full.base)})`);
    if (rows !== ROWS) throw new Error(`exported ${rows} rows, expected ${ROWS}`);

    global.gc?.();
    const slow = await drain((await exportSubmissionsCsv(db, access, query)).stream, SLOW_MS, 500);
    console.log(`\n# export, slow reader (${SLOW_MS} ms per chunk, 500 chunks, then cancelled)`);
    const read = (slow.lines - 1).toLocaleString("en-US");
    console.log(`rows read: ${read} in ${(slow.ms / 1000).toFixed(1)} s; RSS peak +${mb(slow.peak - slow.base)}`);
  } finally {
    if (fresh || process.env.BENCH_KEEP !== "1") await dropBenchOrganization(db, orgId);
    await db.$client.end();
    await stopDb();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
