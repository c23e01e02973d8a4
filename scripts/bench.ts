/**
 * `npm run bench`: the submission list on 1,000,000 submissions of one form.
 *
 *   1. Postgres: DATABASE_URL, else a fresh embedded server in the system temp dir
 *   2. migrations; one organization + form; 1,000,000 submissions from one
 *      `insert … select … from generate_series` (on the fresh embedded server the
 *      submissions indexes are dropped for the load and rebuilt from their own definitions);
 *      VACUUM ANALYZE
 *   3. the service functions, called directly (median of BENCH_RUNS runs after warm-up),
 *      counting SQL statements per call
 *   4. the same over HTTP against `next start` (build dir NEXT_DIST_DIR, default .next-bench,
 *      rebuilt unless SKIP_BUILD=1; BENCH_HTTP=0 skips this part), and the REST edge's
 *      overhead on page 1 (measureEdge)
 *   5. webhooks (scripts/lib/bench-webhooks.ts): commit → receiver latency (p50, p99) and
 *      deliveries per second to 10 endpoints, through the server's worker (BENCH_WEBHOOKS=0 skips)
 *
 * Env: BENCH_ROWS (default 1000000), BENCH_RUNS (30), BENCH_WARMUP (5), BENCH_EDGE_RUNS (200:
 * the REST edge's runs), BENCH_BASELINE_RUNS (5: the JSON-engine rows), BENCH_FILTERS=0 skips
 * the filter rows, BENCH_REUSE=1 reuses the form a BENCH_KEEP=1 run left in DATABASE_URL (no
 * seeding), BENCH_EXPLAIN=1 prints
 * the plans of the list queries, BENCH_KEEP=1 keeps the data (DATABASE_URL) / server dir,
 * BENCH_CASES=<regex> runs only the filter cases whose name matches (and explains them with BENCH_EXPLAIN=1),
 * BENCH_WEBHOOK_EVENTS (200 latency events), BENCH_WEBHOOK_BURST (500 events × 10 endpoints).
 *
 * Adding a benchmark: push a named case onto SERVICE_CASES or HTTP_CASES below.
 *
 * Then survey ingest (scripts/bench-ingest.ts): concurrent JSON submits to one form and to
 * 100 forms against /api/ready. `npm run bench -- --only ingest` runs that part alone
 * (no 1,000,000-row seed). Then mail (scripts/bench-mail.ts): a submit with mail is one
 * statement, and 1,000 messages drain into a loopback SMTP server; `--only mail` alone. `--only uploads`:
 * a 10 MB file upload against a plain 10 MB POST to a bare route, and the server's memory (bench-uploads.ts).
 * `--only partitions` (a throw-away server only): page 1 and the filters on BENCH_ROWS submissions of the
 * bench form among BENCH_OTHER_ROWS (9,000,000) of 99 other forms, before and after `submissions` and its
 * filter index are partitioned by hash of form_id into BENCH_PARTITIONS (16) parts
 * (scripts/lib/partition-submissions.ts).
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { SESSION_PARAMETERS, type Db } from "../db";
import { runMigrations } from "../db/migrate";
import * as schema from "../db/schema";
import { forms, organizations } from "../db/schema";
import { authenticateApiToken } from "../server/auth/api-token-auth";
import { V2_SCOPES } from "../lib/scopes/token-scopes";
import { accessForOrganization, getAccessibleFormOrThrow, type FormAccess } from "../server/services/forms/access";
import { querySubmissions } from "../server/services/submissions/query/entry";
import { jsonEnginePage } from "../server/services/submissions/query/page";
import { readQuery } from "../server/services/submissions/query/request";
import { resolveSort, type ColumnSort } from "../server/services/submissions/sort";
import { createApiToken } from "../server/services/tokens/create-token";
import { createUniqueLinks } from "../server/services/unique-links/create-unique-links";
import { INGEST_SERVER_ENV, runIngestBench } from "./bench-ingest";
import { runUploadBench } from "./bench-uploads";
import { runMailBench } from "./bench-mail";
import { benchWebhooks, printWebhookResults } from "./lib/bench-webhooks";
import { interleaved, medianOf } from "./lib/interleaved";
import { startThrowawayPostgres } from "./lib/embedded-db";
import { describePostgres } from "./lib/describe-postgres";
import { DEBIAN_INSTALL, debianBinDir, debianName, targetBinDir } from "./lib/debian-postgres";
import { buildNext, startNextServer, type RunningServer } from "./lib/next-server";
import { dropBenchOrganization } from "./lib/bench-teardown";
import { partitionByForm, partitionsRead, seedOtherForms } from "./lib/partition-submissions";

const ROWS = Number(process.env.BENCH_ROWS) || 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS) || 30;
const WARMUP = Number(process.env.BENCH_WARMUP) || 5;
/** `--only ingest` / `--only mail` / `--only uploads` / `--only partitions`: that part alone. */
const ONLY = (() => {
  const args = process.argv.slice(2);
  const i = args.indexOf("--only");
  const value = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  if (value !== undefined && !["ingest", "mail", "uploads", "partitions"].includes(value))
    throw new Error(`--only takes "ingest", "mail", "uploads" or "partitions" (got "${value}")`);
  return value ?? null;
})();

// The bench server (and authenticateApiToken called in-process) must not rate-limit the bench.
process.env.API_RATE_LIMIT_MAX = "1000000000";
// Webhook receivers of the bench listen on loopback (the server inherits this).
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";

// ---------------------------------------------------------------------------------------
// Cases

type BenchContext = {
  db: Db;
  access: FormAccess;
  form: { id: number; uuid: string };
  token: string;
  baseUrl?: string;
};

type BenchCase = {
  name: string;
  /** Printed next to the median; the run fails (exit 1) when the median exceeds it. */
  budgetMs?: number;
  run: (ctx: BenchContext) => Promise<unknown>;
  /** A one-line description of the result (checked once, outside the timings). */
  describe?: (result: unknown) => string;
};

/** A listing of the bench form as `GET /api/v2/submissions` asks for it: page 1, newest first, unless `p` says otherwise. */
type ListParams = { page?: number; sort?: ColumnSort; filters?: [string, string][] };
const listQuery = (ctx: BenchContext, p: ListParams) => ({
  form: { formId: ctx.form.id },
  page: p.page ?? 1,
  sort: p.sort ?? resolveSort(undefined, undefined),
  filters: { v2: p.filters ?? [] },
});
const list = (ctx: BenchContext, p: ListParams) => querySubmissions(ctx.db, ctx.access, listQuery(ctx, p));

/**
 * The same listing answered by the JSON engine (the engine before the filter index), the
 * filter rows' baseline: the form read and the filters parsed as querySubmissions does, then
 * jsonEnginePage instead of the planned page.
 */
async function listByJsonEngine(ctx: BenchContext, p: ListParams) {
  const query = listQuery(ctx, p);
  const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, ctx.form.id);
  const { filters, sort } = readQuery(form, query);
  return { form, ...(await jsonEnginePage(ctx.db, ctx.access, form, { page: query.page, sort, filters })) };
}

const describeList = (r: unknown) => {
  const x = r as Awaited<ReturnType<typeof list>>;
  return `${x.submissions.length} rows, totalCount ${x.totalCount}`;
};

/** One 1%-selective short-text value, one ~1% numeric range (see seed()). */
const EQ_FILTER: [string, string] = ["Plan__is_equal_to", "needle"];
const RANGE_FILTER: [string, string] = ["Amount__in_range", "1000,1099"];

/** 100 unique links, each with 5 prefill values (a phone among them), names unique per run. */
let batch = 0;
/** Names stay unique when a run reuses an earlier run's form (BENCH_REUSE). */
const RUN_ID = Date.now().toString(36);
function linkBatch() {
  batch++;
  return Array.from({ length: 100 }, (_, i) => ({
    entry_name: `bench-${RUN_ID}-${batch}-${i}@example.com`,
    expires_at: "2099-01-01T00:00:00Z",
    prefill_data: [
      { id: "q_plan", value: "pro" },
      { id: "q_amount", value: i },
      { id: "q_date", value: "2030-06-01" },
      { id: "q_email", value: `r${i}@example.com` },
      { id: "q_phone", value: "+44-20 7123 4567" },
    ],
  }));
}
const describeLinks = (r: unknown) => {
  const created = (r as { created?: unknown[]; uniqueLinks?: unknown[] }).created ?? (r as { uniqueLinks: unknown[] }).uniqueLinks;
  return `${created.length} links created`;
};

/**
 * One row per filter type on a field holding ~1% matches (see seed()), and 10% / 50% for the
 * range and date families; each with its JSON-engine baseline (listByJsonEngine, the engine before
 * the filter index) at BASELINE_RUNS. Budgets: the filters-at-scale goals — every 1 % row, and
 * three filters with a sort; `report` rows (10 %, 50 %, other combinations) are measured and
 * shown without one.
 */
const FILTER_BUDGET_MS = 50;
const FILTER_CASES: { name: string; params: [string, string][]; sort?: ColumnSort; report?: true }[] = [
  { name: "is_equal_to (1%)", params: [["Plan__is_equal_to", "needle"]] },
  { name: "is_not_equal_to (1%)", params: [["Tier__is_not_equal_to", "standard"]] },
  { name: "contains (1%)", params: [["Plan__contains", "eedl"]] },
  { name: "does_not_contain (1%)", params: [["Tier__does_not_contain", "standa"]] },
  { name: "is_greater_than (1%)", params: [["Amount__is_greater_than", "9899"]] },
  { name: "is_greater_than_or_equal_to (1%)", params: [["Amount__is_greater_than_or_equal_to", "9900"]] },
  { name: "is_less_than (1%)", params: [["Amount__is_less_than", "100"]] },
  { name: "is_less_than_or_equal_to (1%)", params: [["Amount__is_less_than_or_equal_to", "99"]] },
  { name: "before (1%)", params: [["Day__before", "2020-01-02"]] },
  { name: "after (1%)", params: [["Day__after", "2020-04-08"]] },
  { name: "on (1%)", params: [["Day__on", "2020-02-01"]] },
  { name: "not_on (1%)", params: [["Batch__not_on", "2021-05-05"]] },
  { name: "is_empty (1%)", params: [["Note__is_empty", "true"]] },
  { name: "is_filled (1%)", params: [["Extra__is_filled", "true"]] },
  { name: "is_in (1%)", params: [["Plan__is_in", "needle,nothing"]] },
  { name: "is_not_in (1%)", params: [["Tier__is_not_in", "standard,silver"]] },
  { name: "in_range number (1%)", params: [["Amount__in_range", "1000,1099"]] },
  { name: "in_range number (10%)", params: [["Amount__in_range", "1000,1999"]], report: true },
  { name: "in_range number (50%)", params: [["Amount__in_range", "0,4999"]], report: true },
  { name: "is_less_than (10%)", params: [["Amount__is_less_than", "1000"]], report: true },
  { name: "is_less_than (50%)", params: [["Amount__is_less_than", "5000"]], report: true },
  { name: "before date (10%)", params: [["Day__before", "2020-01-11"]], report: true },
  { name: "before date (50%)", params: [["Day__before", "2020-02-20"]], report: true },
  { name: "in_range date (1%)", params: [["Day__in_range", "2020-03-01,2020-03-01"]] },
  { name: "in_range date (10%)", params: [["Day__in_range", "2020-03-01,2020-03-10"]], report: true },
  { name: "after timestamp (50%)", params: [["Day__after", "2020-02-19T12:00:00Z"]], report: true },
  {
    name: "3 filters + duration asc (is_equal_to, >=, after)",
    params: [EQ_FILTER, ["Amount__is_greater_than_or_equal_to", "5000"], ["Signup date__after", "2020-06-01"]],
    sort: resolveSort("duration", "asc"),
  },
  {
    name: "3 filters + created_at desc (in_range, contains, on)",
    params: [
      ["Amount__in_range", "0,4999"],
      ["Email__contains", "7@example"],
      ["Day__in_range", "2020-01-01,2020-01-20"],
    ],
    report: true,
  },
  {
    name: "3 filters, no equality (in_range 50%, contains 10%, on 1%)",
    params: [
      ["Amount__in_range", "0,4999"],
      ["Email__contains", "7@example"],
      ["Day__on", "2020-01-10"],
    ],
    report: true,
  },
  {
    name: "2 filters, no equality (in_range 1%, not_on 1%)",
    params: [
      ["Amount__in_range", "1000,1099"],
      ["Batch__not_on", "2021-05-05"],
    ],
    report: true,
  },
];
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS) || 5;

const CASE_FILTER = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
const SELECTED_FILTER_CASES = CASE_FILTER ? FILTER_CASES.filter((c) => CASE_FILTER.test(c.name)) : FILTER_CASES;

export const FILTER_SERVICE_CASES: BenchCase[] = SELECTED_FILTER_CASES.map((c) => ({
  name: c.name,
  budgetMs: c.report ? undefined : FILTER_BUDGET_MS,
  run: (ctx) => list(ctx, { filters: c.params, sort: c.sort }),
  describe: describeList,
}));
export const FILTER_BASELINE_CASES: BenchCase[] = SELECTED_FILTER_CASES.map((c) => ({
  name: `${c.name} [json engine]`,
  run: (ctx) => listByJsonEngine(ctx, { filters: c.params, sort: c.sort }),
  describe: describeList,
}));

export const SERVICE_CASES: BenchCase[] = [
  { name: "page 1, created_at desc", budgetMs: 20, run: (c) => list(c, {}), describe: describeList },
  { name: "page 1, duration asc", run: (c) => list(c, { sort: resolveSort("duration", "asc") }), describe: describeList },
  { name: "page 500, updated_at asc", run: (c) => list(c, { page: 500, sort: resolveSort("updated_at", "asc") }), describe: describeList },
  {
    name: "is_equal_to short-text (1%) + exact totalCount",
    budgetMs: 50,
    run: (c) => list(c, { filters: [EQ_FILTER] }),
    describe: describeList,
  },
  {
    name: "in_range number (1%) + exact totalCount",
    budgetMs: 50,
    run: (c) => list(c, { filters: [RANGE_FILTER] }),
    describe: describeList,
  },
  {
    name: "is_equal_to + before date + duration asc",
    budgetMs: 50,
    run: (c) => list(c, { filters: [EQ_FILTER, ["Signup date__before", "2020-03-01"]], sort: resolveSort("duration", "asc") }),
    describe: describeList,
  },
  {
    name: "authenticateApiToken (auth + usage + rate limit)",
    run: (c) => authenticateApiToken(c.db, c.token, "v2"),
    describe: (r) => `remaining ${(r as { rateLimit: { remaining: number } }).rateLimit.remaining}`,
  },
  {
    name: "bulk create 100 unique links × 5 prefill values",
    budgetMs: 150,
    run: (c) =>
      createUniqueLinks(
        c.db,
        c.access,
        c.form.uuid,
        linkBatch().map((l) => ({ entryName: l.entry_name, expiresAt: new Date(l.expires_at), prefillData: l.prefill_data })),
      ),
    describe: describeLinks,
  },
];

async function httpGet(ctx: BenchContext, pathAndQuery: string, expectStatus = 200): Promise<string> {
  const res = await fetch(`${ctx.baseUrl}${pathAndQuery}`, { headers: { "X-SERVICE-TOKEN": ctx.token } });
  const text = await res.text();
  if (res.status !== expectStatus) throw new Error(`GET ${pathAndQuery}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

const describeHttp = (r: unknown) => {
  const body = JSON.parse(r as string) as { submissions?: unknown[]; meta?: { totalCount: number }; message?: string };
  return body.submissions ? `${body.submissions.length} rows, totalCount ${body.meta?.totalCount}` : `${body.message}`;
};
const q = (pairs: [string, string][]) => pairs.map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("");

export const HTTP_CASES: BenchCase[] = [
  { name: "GET /api/ready (HTTP + select 1)", run: (c) => fetch(`${c.baseUrl}/api/ready`).then((r) => r.text()) },
  {
    name: "auth + rate limit only (no form → 400)",
    run: (c) => httpGet(c, "/api/v2/submissions", 400),
    describe: describeHttp,
  },
  {
    name: "page 1, created_at desc",
    budgetMs: 20,
    run: (c) => httpGet(c, `/api/v2/submissions?form_id=${c.form.id}`),
    describe: describeHttp,
  },
  {
    name: "page 1, duration asc",
    run: (c) => httpGet(c, `/api/v2/submissions?form_id=${c.form.id}&sort=duration&order=asc`),
    describe: describeHttp,
  },
  {
    name: "is_equal_to short-text (1%) + exact totalCount",
    budgetMs: 50,
    run: (c) => httpGet(c, `/api/v2/submissions?form_uuid=${c.form.uuid}${q([EQ_FILTER])}`),
    describe: describeHttp,
  },
  {
    name: "in_range number (1%) + exact totalCount",
    run: (c) => httpGet(c, `/api/v2/submissions?form_id=${c.form.id}${q([RANGE_FILTER])}`),
    describe: describeHttp,
  },
  {
    name: "POST 100 unique links × 5 prefill values",
    budgetMs: 150,
    run: async (c) => {
      const res = await fetch(`${c.baseUrl}/api/v2/forms/${c.form.uuid}/unique_links`, {
        method: "POST",
        headers: { "X-SERVICE-TOKEN": c.token, "content-type": "application/json" },
        body: JSON.stringify({ unique_links: linkBatch() }),
      });
      const body = await res.json();
      if (res.status !== 201) throw new Error(`POST unique_links: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      return body;
    },
    describe: describeLinks,
  },
];

/**
 * Issue 15's REST edge goal: page 1 over HTTP within EDGE_BUDGET_MS of GET /api/ready plus
 * the same page in-process. The three are taken in turn, EDGE_RUNS times, so that they share
 * the machine's moments (apart, load drifts by more than the budget); the edge's overhead is
 * HTTP page 1 − health − in-process. `npm run bench:edge` breaks it down further.
 */
const EDGE_BUDGET_MS = 1;
const EDGE_RUNS = Number(process.env.BENCH_EDGE_RUNS) || 200;

async function measureEdge(ctx: BenchContext & { baseUrl: string }): Promise<{ failed: boolean }> {
  const { medians: rows, times } = await interleaved(
    [
      ["in-process: page 1, created_at desc (querySubmissions)", () => list(ctx, {})],
      ["HTTP: GET /api/ready", () => fetch(`${ctx.baseUrl}/api/ready`).then((r) => r.text())],
      ["HTTP: page 1, created_at desc", () => httpGet(ctx, `/api/v2/submissions?form_id=${ctx.form.id}`)],
    ],
    EDGE_RUNS,
    WARMUP,
  );
  const [service, health, http] = rows.map(([, ms]) => ms) as [number, number, number];
  // Taken run by run, the three share their moment: the median of those differences is
  // steadier than the difference of the three medians (printed beside it).
  const overhead = medianOf(times[2]!.map((t, i) => t - times[1]![i]! - times[0]![i]!));
  const width = Math.max(...rows.map(([n]) => n.length));
  console.log(
    `\nREST edge (medians of ${EDGE_RUNS} runs taken in turn, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  for (const [name, ms] of rows) console.log(`${name.padEnd(width)}  ${ms.toFixed(2).padStart(6)} ms`);
  const verdict = overhead <= EDGE_BUDGET_MS ? "ok" : "OVER";
  console.log(
    `${"overhead: HTTP page 1 − health − in-process".padEnd(width)}  ${overhead.toFixed(2).padStart(6)} ms  ${verdict} ≤${EDGE_BUDGET_MS}` +
      ` (median of each run's difference; of the medians: ${(http - health - service).toFixed(2)} ms)`,
  );
  return { failed: overhead > EDGE_BUDGET_MS };
}

// ---------------------------------------------------------------------------------------
// Measuring

type Row = { name: string; median: number; p95: number; min: number; statements?: number; budgetMs?: number; note: string };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function measure(c: BenchCase, ctx: BenchContext, statements?: { n: number }, runs = RUNS, warmup = WARMUP): Promise<Row> {
  const first = await c.run(ctx);
  for (let i = 1; i < warmup; i++) await c.run(ctx);
  const before = statements?.n ?? 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await c.run(ctx);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    name: c.name,
    median: medianOf(times),
    p95: pct(times, 0.95),
    min: times[0]!,
    statements: statements ? (statements.n - before) / runs : undefined,
    budgetMs: c.budgetMs,
    note: c.describe ? c.describe(first) : "",
  };
}

function printTable(title: string, rows: Row[]) {
  const fmt = (n: number) => n.toFixed(2);
  const header = ["case", "median ms", "p95 ms", "min ms", "SQL stmts", "budget", "result"];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.median),
    fmt(r.p95),
    fmt(r.min),
    r.statements === undefined ? "-" : String(r.statements),
    r.budgetMs === undefined ? "" : `${r.median <= r.budgetMs ? "ok" : "OVER"} ≤${r.budgetMs}`,
    r.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ");
  console.log(`\n${title} (${RUNS} runs after ${WARMUP} warm-up, ${ROWS.toLocaleString("en-US")} submissions)`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const l of lines) console.log(line(l));
}

/** Index engine against the JSON engine, case by case (the JSON medians of BASELINE_RUNS runs). */
function printComparison(indexed: Row[], baseline: Row[]) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
  console.log(`\nFilter index vs JSON engine (JSON: median of ${BASELINE_RUNS} runs after 1 warm-up; load average ${load})`);
  const w = Math.max(...indexed.map((r) => r.name.length));
  console.log(`${"case".padEnd(w)} | index ms | json ms |  speed-up | same answer`);
  indexed.forEach((r, i) => {
    const b = baseline[i]!;
    console.log(
      `${r.name.padEnd(w)} | ${r.median.toFixed(2).padStart(8)} | ${b.median.toFixed(2).padStart(7)} | ` +
        `${(b.median / r.median).toFixed(1).padStart(8)}× | ${r.note === b.note ? "yes" : `NO (${b.note})`}`,
    );
  });
}

/** MB of the filter index per million submissions, table and each index. */
async function printIndexStorage(db: Db) {
  const [counts] = await db.execute<{ submissions: number; values: number }>(
    sql`select (select count(*) from submissions)::int as submissions, (select count(*) from submission_values)::int as values`,
  );
  const sizes = await db.execute<{ name: string; bytes: string }>(sql`
    select 'submission_values (table)' as name, pg_relation_size('submission_values')::text as bytes
    union all select indexrelid::regclass::text, pg_relation_size(indexrelid)::text
      from pg_index where indrelid = 'submission_values'::regclass
    union all select 'submission_values (total)', pg_total_relation_size('submission_values')::text
    union all select 'submission_value_counts (counters, total)', pg_total_relation_size('submission_value_counts')::text
    union all select 'submissions (total, for scale)', pg_total_relation_size('submissions')::text`);
  const perMillion = (bytes: string) => ((Number(bytes) / 1024 / 1024) * 1_000_000) / Math.max(1, counts!.submissions);
  const [values, submissionRows] = [counts!.values.toLocaleString("en-US"), counts!.submissions.toLocaleString("en-US")];
  console.log(`\nFilter index storage: ${values} value rows for ${submissionRows} submissions`);
  for (const r of sizes) console.log(`  ${r.name.padEnd(40)} ${perMillion(r.bytes).toFixed(0).padStart(6)} MB per million submissions`);
}

// ---------------------------------------------------------------------------------------
// Database and seed

const ELEMENTS: schema.FormElement[] = [
  { id: "q_plan", label: "Plan", type: "short-text" },
  { id: "q_amount", label: "Amount", type: "number" },
  { id: "q_date", label: "Signup date", type: "date" },
  { id: "q_email", label: "Email", type: "email" },
  { id: "q_phone", label: "Phone", type: "phone", countrySelector: true },
  { id: "q_day", label: "Day", type: "date" },
  { id: "q_tier", label: "Tier", type: "short-text" },
  { id: "q_batch", label: "Batch", type: "date" },
  { id: "q_note", label: "Note", type: "long-text" },
  { id: "q_extra", label: "Extra", type: "short-text" },
];

type Captured = { list?: { sql: string; params: unknown[] }[] };

/** Opens a pool whose statements are counted (drizzle's logger sees every statement it sends). */
function countingDb(url: string): { db: Db; statements: { n: number }; captured: Captured } {
  const statements = { n: 0 };
  const captured: Captured = {};
  // The app's own session settings (jit = off), so in-process rows run as the server's do.
  const client = postgres(url, { max: 10, onnotice: () => {}, connection: SESSION_PARAMETERS });
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      statements.n++;
      captured.list?.push({ sql: query, params });
    },
  };
  const db = drizzle(client, { schema, casing: "snake_case", logger }) as Db;
  return { db, statements, captured };
}

async function seed(db: Db, freshDatabase: boolean, otherRows = 0) {
  const [org] = await db.insert(organizations).values({ name: "bench" }).returning({ id: organizations.id });
  const [form] = await db
    .insert(forms)
    .values({ organizationId: org!.id, name: "Bench form", elements: ELEMENTS })
    .returning({ id: forms.id, uuid: forms.uuid });

  const t0 = performance.now();
  const indexes = freshDatabase
    ? await db.execute<{ indexname: string; indexdef: string }>(
        sql`select indexname, indexdef from pg_indexes
          where tablename in ('submissions', 'submission_values') and indexname <> 'submissions_pkey'`,
      )
    : [];
  // A fresh bench database only: bulk-load without the secondary indexes, then rebuild them
  // from their own definitions (the same indexes the migration made).
  for (const ix of indexes) await db.execute(sql.raw(`drop index ${ix.indexname}`));

  // Every row: q_plan = "needle" for 1% of rows (g % 100 = 0), else one of 997 values;
  // q_amount uniform 0..9999 (so 1000..1099 is 1%); q_date over ~4 years; q_day 1% on each
  // of 100 days from 2020-01-01; q_tier "gold" 1%, else "standard"; q_batch 2021-05-06 1%,
  // else 2021-05-05; q_note blank or absent 1%; q_extra filled 1%; created_at one a
  // minute with jitter, updated_at up to a day later, duration 0..3599 s (2% unknown).
  await db.execute(sql`
    insert into submissions (form_id, organization_id, data, duration, created_at, updated_at)
    select ${form!.id}, ${org!.id},
      jsonb_build_object(
        'q_plan', case when g % 100 = 0 then 'needle' else 'plan-' || (g % 997) end,
        'q_amount', (g * 7919) % 10000,
        'q_date', to_char(date '2020-01-01' + (g % 1500)::int, 'YYYY-MM-DD'),
        'q_email', 'user' || g || '@example.com',
        'q_day', to_char(date '2020-01-01' + ((g * 37) % 100)::int, 'YYYY-MM-DD'),
        'q_tier', case when g % 100 = 1 then 'gold' else 'standard' end,
        'q_batch', case when g % 100 = 2 then '2021-05-06' else '2021-05-05' end)
        || case when g % 200 = 3 then '{"q_note": " "}'::jsonb when g % 200 = 4 then '{}'::jsonb else '{"q_note": "ok"}'::jsonb end
        || case when g % 200 = 5 then '{"q_extra": "yes"}'::jsonb when g % 200 = 6 then '{"q_extra": [1]}'::jsonb else '{}'::jsonb end,
      case when g % 50 = 0 then null else (g * 31) % 3600 end,
      timestamptz '2022-01-01' + g * interval '60 seconds' + ((g * 17) % 59) * interval '1 second',
      timestamptz '2022-01-01' + g * interval '60 seconds' + ((g * 7907) % 86400) * interval '1 second'
    from generate_series(1::bigint, ${ROWS}::bigint) g`);
  const otherFormIds = otherRows > 0 ? await seedOtherForms(db, org!.id, otherRows) : [];
  const loadMs = performance.now() - t0;

  const t1 = performance.now();
  if (indexes.length) {
    await db.execute(sql`set maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await db.execute(sql.raw(ix.indexdef));
  }
  const indexMs = performance.now() - t1;

  await db.update(forms).set({ submissionsCount: ROWS }).where(eq(forms.id, form!.id));
  const t2 = performance.now();
  await db.execute(sql`vacuum analyze submissions`);
  await db.execute(sql`vacuum analyze submission_values`);
  const analyzeMs = performance.now() - t2;
  const { token } = await createApiToken(db, { organizationId: org!.id, kind: "v2", scopes: [...V2_SCOPES] });
  return { org: org!, form: form!, token, loadMs, indexMs, analyzeMs, rebuilt: indexes.length > 0, otherFormIds };
}

/** BENCH_REUSE=1 (with DATABASE_URL): the bench form a BENCH_KEEP=1 run left, if it has ROWS submissions. */
async function reuseSeed(db: Db) {
  const [form] = await db
    .select({ id: forms.id, uuid: forms.uuid, organizationId: forms.organizationId })
    .from(forms)
    .where(sql`${forms.name} = 'Bench form' and ${forms.submissionsCount} = ${ROWS}`)
    .limit(1);
  if (!form) return undefined;
  console.log(`# reusing the seeded bench form ${form.id}`);
  const { token } = await createApiToken(db, { organizationId: form.organizationId, kind: "v2", scopes: [...V2_SCOPES] });
  const timings = { loadMs: 0, indexMs: 0, analyzeMs: 0, rebuilt: false, otherFormIds: [] as number[] };
  return { org: { id: form.organizationId }, form: { id: form.id, uuid: form.uuid }, token, ...timings };
}

/** BENCH_EXPLAIN=1: EXPLAIN ANALYZE of every statement a case sends (after the first, when it is a list). */
async function explainCase(c: BenchCase, ctx: BenchContext, captured: Captured) {
  captured.list = [];
  await c.run(ctx);
  const statements = captured.list;
  captured.list = undefined;
  for (const st of statements.length > 1 ? statements.slice(1) : statements) {
    const rows = await ctx.db.$client.unsafe(`explain (analyze, buffers) ${st.sql}`, st.params as never[]);
    console.log(`\n-- ${c.name}\n${st.sql}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
  }
}

// ---------------------------------------------------------------------------------------
// HTTP server

/** The production build (rebuilt unless SKIP_BUILD=1, so the bench measures this code). */
async function startServer(databaseUrl: string): Promise<RunningServer | string> {
  const env = { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-bench" };
  if (process.env.SKIP_BUILD !== "1") {
    console.log(`\n# next build (${env.NEXT_DIST_DIR})`);
    const t0 = performance.now();
    if (!buildNext(env)) return "next build failed";
    console.log(`build: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return startNextServer({
    databaseUrl,
    env: { ...env, API_RATE_LIMIT_MAX: "1000000000", ...INGEST_SERVER_ENV },
    logs: Boolean(process.env.SERVER_LOGS),
  });
}

// ---------------------------------------------------------------------------------------
// Partitioning (--only partitions)

const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS) || 9_000_000;
const PARTITIONS = Number(process.env.BENCH_PARTITIONS) || 16;

/**
 * The list's cases with a budget (page 1, a deep page, each 1 % filter, three filters with a
 * sort) and another form's page 1 and filter, on the plain tables, then on the same rows
 * partitioned by hash of form_id; the same service code reads both (the tables keep their names).
 */
async function runPartitionPart(url: string, db: Db, statements: { n: number }, seeded: Awaited<ReturnType<typeof seed>>) {
  const total = (ROWS + OTHER_ROWS).toLocaleString("en-US");
  const secs = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  console.log(`# ${total} submissions: ${ROWS.toLocaleString("en-US")} of the bench form, the rest over 99 other forms`);
  console.log(`seed ${secs(seeded.loadMs)}, index rebuild ${secs(seeded.indexMs)}, vacuum analyze ${secs(seeded.analyzeMs)}`);
  const ctx: BenchContext = { db, access: accessForOrganization(seeded.org.id), form: seeded.form, token: seeded.token };
  const other: BenchContext = { ...ctx, form: { id: seeded.otherFormIds[0]!, uuid: "" } };
  const otherRows = Math.round(OTHER_ROWS / 99).toLocaleString("en-US");
  const cases: [BenchCase, BenchContext][] = [
    ...SERVICE_CASES.filter((c) => /^(page|is_equal_to|in_range)/.test(c.name)).map((c): [BenchCase, BenchContext] => [c, ctx]),
    ...FILTER_SERVICE_CASES.filter((c) => c.budgetMs !== undefined).map((c): [BenchCase, BenchContext] => [c, ctx]),
    [{ name: `another form (${otherRows} rows): page 1`, run: (c) => list(c, {}), describe: describeList }, other],
    [
      {
        name: "another form: is_equal_to (0.1 %)",
        run: (c) => list(c, { filters: [["Plan__is_equal_to", "plan-5"]] }),
        describe: describeList,
      },
      other,
    ],
  ];
  const measureAll = async (withDb: Db, counted: { n: number }) => {
    const rows: Row[] = [];
    for (const [c, x] of cases) rows.push(await measure(c, { ...x, db: withDb }, counted));
    return rows;
  };
  const plain = await measureAll(db, statements);
  printTable(`Plain tables, ${total} submissions`, plain);

  const seconds = await partitionByForm(db, PARTITIONS);
  console.log(`\npartitioned by hash of form_id into ${PARTITIONS} parts (copy, indexes, vacuum analyze): ${seconds.toFixed(0)} s`);
  console.log(`the bench form's page 1 reads: ${(await partitionsRead(db, ctx.form.id)).join(", ") || "(no partition named)"}`);
  // A new pool: no statement prepared against the plain tables.
  const after = countingDb(url);
  try {
    const partitioned = await measureAll(after.db, after.statements);
    printTable(`Partitioned by hash of form_id (${PARTITIONS} parts), ${total} submissions`, partitioned);
    const w = Math.max(...plain.map((r) => r.name.length));
    console.log(`\n${"case".padEnd(w)} | plain ms | partitioned ms | partitioned / plain | same answer`);
    plain.forEach((p, i) => {
      const q = partitioned[i]!;
      console.log(
        `${p.name.padEnd(w)} | ${p.median.toFixed(2).padStart(8)} | ${q.median.toFixed(2).padStart(14)} | ` +
          `${(q.median / p.median).toFixed(2).padStart(18)}× | ${p.note === q.note ? "yes" : `NO (${q.note})`}`,
      );
    });
    return partitioned.some((q, i) => q.note !== plain[i]!.note);
  } finally {
    await after.db.$client.end();
  }
}

// ---------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  let url = process.env.DATABASE_URL;
  let stopDb = async () => {};
  const fresh = !url;
  if (!url) {
    // BENCH_TARGET=debian: a throw-away cluster of Debian's packaged PostgreSQL (JIT on) instead.
    const pg = await startThrowawayPostgres("bench", { binDir: targetBinDir("BENCH_TARGET") });
    url = pg.url;
    stopDb = pg.stop;
  }
  await runMigrations(url);
  console.log(`# database: ${await describePostgres(url)}`);

  const { db, statements, captured } = countingDb(url);
  let server: RunningServer | undefined;
  let failed = false;
  let seeded: Awaited<ReturnType<typeof seed>> | undefined;
  try {
    if (ONLY === "mail") {
      failed ||= (await runMailBench(db, statements, url)).failed;
      process.exitCode = failed ? 1 : 0;
      return;
    }
    if (ONLY === "uploads") {
      const started = await startServer(url);
      if (typeof started === "string") throw new Error(started);
      server = started;
      failed ||= (await runUploadBench(db, started.baseUrl, started.process.pid!)).failed;
      process.exitCode = failed ? 1 : 0;
      return;
    }
    if (ONLY === "partitions") {
      if (!fresh) throw new Error("--only partitions rebuilds the submissions tables: a throw-away server only (unset DATABASE_URL)");
      seeded = await seed(db, true, OTHER_ROWS);
      failed ||= await runPartitionPart(url, db, statements, seeded);
      process.exitCode = failed ? 1 : 0;
      return;
    }
    if (ONLY === "ingest") {
      const started = await startServer(url);
      if (typeof started === "string") throw new Error(started);
      server = started;
      failed ||= (await runIngestBench(db, started.baseUrl)).failed;
      // Skips the other parts; the finally below still cleans up.
      process.exitCode = failed ? 1 : 0;
      return;
    }
    const reused = process.env.BENCH_REUSE === "1" && !fresh ? await reuseSeed(db) : undefined;
    if (!reused) console.log(`# seeding ${ROWS.toLocaleString("en-US")} submissions`);
    seeded = reused ?? (await seed(db, fresh));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    if (!reused)
      console.log(
        `seed: insert…select from generate_series ${s(seeded.loadMs)}` +
          (seeded.rebuilt ? `, index rebuild ${s(seeded.indexMs)}` : " (indexes maintained during the insert)") +
          `, vacuum analyze ${s(seeded.analyzeMs)}; total ${s(seeded.loadMs + seeded.indexMs + seeded.analyzeMs)}`,
      );

    const ctx: BenchContext = { db, access: accessForOrganization(seeded.org.id), form: seeded.form, token: seeded.token };
    if (process.env.BENCH_EXPLAIN === "1") {
      for (const c of CASE_FILTER ? FILTER_SERVICE_CASES : SERVICE_CASES) await explainCase(c, ctx, captured);
    }

    if (!CASE_FILTER) {
      const serviceRows: Row[] = [];
      for (const c of SERVICE_CASES) serviceRows.push(await measure(c, ctx, statements));
      printTable("Service functions, called in-process", serviceRows);
      failed ||= serviceRows.some((r) => r.budgetMs !== undefined && r.median > r.budgetMs);
    }

    if (process.env.BENCH_FILTERS !== "0") {
      // Each case's JSON baseline right after it, so a change of machine load between the two
      // halves of a run does not show as a speed-up or a slow-down.
      const filterRows: Row[] = [];
      const baseRows: Row[] = [];
      for (const [i, c] of FILTER_SERVICE_CASES.entries()) {
        filterRows.push(await measure(c, ctx, statements));
        baseRows.push(await measure(FILTER_BASELINE_CASES[i]!, ctx, undefined, BASELINE_RUNS, 1));
      }
      printTable("Filters on the filter index, in-process", filterRows);
      failed ||= filterRows.some((r) => r.budgetMs !== undefined && r.median > r.budgetMs);
      printComparison(filterRows, baseRows);
      await printIndexStorage(db);
    }

    if (process.env.BENCH_HTTP !== "0") {
      const started = await startServer(url);
      if (typeof started === "string") {
        console.log(`\nHTTP part skipped: ${started}`);
      } else {
        server = started;
        const httpCtx = { ...ctx, baseUrl: started.baseUrl };
        const httpRows: Row[] = [];
        for (const c of HTTP_CASES) httpRows.push(await measure(c, httpCtx));
        printTable(`HTTP, next start at ${started.baseUrl}, keep-alive fetch`, httpRows);
        failed ||= httpRows.some((r) => r.budgetMs !== undefined && r.median > r.budgetMs);
        // Each part runs whatever failed before it (`failed ||= await …` would skip it).
        const edge = await measureEdge(httpCtx);
        const ingest = await runIngestBench(db, started.baseUrl);
        const mail = await runMailBench(db, statements, url);
        failed = failed || edge.failed || ingest.failed || mail.failed;
        if (process.env.BENCH_WEBHOOKS !== "0") {
          const webhookRows = await benchWebhooks(db, seeded.org.id, started.baseUrl, seeded.token);
          printWebhookResults(webhookRows);
          failed ||= webhookRows.some((r) => !r.ok);
        }
      }
    }
    console.log(
      "\nSQL stmts = statements per call as counted by drizzle's logger; authenticateApiToken is one statement " +
        "(token lookup + usage counters + rate-limit window in one CTE). Filtered lists run the page and the count " +
        "query in parallel on two connections, or one statement for both when the count reads every match.",
    );
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    server?.stop();
    if (!fresh && process.env.BENCH_KEEP !== "1") await dropBenchOrganization(db, seeded?.org.id);
    await db.$client.end();
    await stopDb();
    console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  process.exit(failed ? 1 : 0);
}

/**
 * Without DATABASE_URL or BENCH_TARGET, the bench runs once per target, each in a process of
 * its own: the embedded server, then Debian's (JIT on) when it is installed, so one run prints
 * both. The run fails when either does.
 */
function eachTarget(): boolean {
  if (process.env.DATABASE_URL || process.env.BENCH_TARGET) return false;
  const targets = debianBinDir() ? ["embedded", "debian"] : ["embedded"];
  if (targets.length === 1) {
    console.log(`# Debian's PostgreSQL is not installed: the bench runs on the embedded server only (${DEBIAN_INSTALL})`);
  }
  let status = 0;
  for (const target of targets) {
    console.log(`\n# bench on ${target === "debian" ? `${debianName()} PostgreSQL (JIT on)` : "the embedded PostgreSQL"}`);
    const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, BENCH_TARGET: target },
    });
    status ||= run.status ?? 1;
  }
  process.exitCode = status;
  return true;
}

if (!eachTarget()) main();
