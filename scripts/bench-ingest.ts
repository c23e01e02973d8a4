/**
 * Ingest benchmark (part of `npm run bench`; alone with `npm run bench -- --only ingest`):
 * concurrent clients POST JSON submissions to `/f/<uuid>/submit` for INGEST_SECONDS, first
 * all to one form, then spread over 100 forms, against `GET /api/health` measured in the
 * same run with the same concurrency. Each client has its own address (X-Forwarded-For with
 * TRUST_PROXY=true on the bench server), as respondents do, and the per-address limit is
 * lifted so it counts but never refuses.
 *
 * Then, in-process, the store itself: concurrent createSubmission calls on one form against
 * the same transaction that bumps `forms.submissions_count` instead of a count shard.
 *
 * Env: INGEST_SECONDS (10), INGEST_CLIENTS (32), INGEST_FORMS (100).
 */
import { performance } from "node:perf_hooks";
import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { forms, organizations, submissions } from "../db/schema";
import { importForm } from "../server/services/forms/import-form";
import { createSubmission } from "../server/services/submissions/create-submission";
import { submissionsCountSql } from "../server/services/submissions/submission-count";

const SECONDS = Number(process.env.INGEST_SECONDS) || 10;
const CLIENTS = Number(process.env.INGEST_CLIENTS) || 32;
const FORMS = Number(process.env.INGEST_FORMS) || 100;
/** Ingest may fall by at most this much for the filter index's upkeep. */
const INDEX_UPKEEP_BUDGET = 0.25;

/** What the bench server needs: no refusals from the submit limit, client addresses from X-Forwarded-For. */
export const INGEST_SERVER_ENV = { SUBMIT_RATE_LIMIT_MAX: "1000000000", TRUST_PROXY: "true" };

const ELEMENTS = [
  { id: "q_name", label: "Name", type: "short-text", required: true },
  { id: "q_email", label: "Email", type: "email", required: true },
  { id: "q_plan", label: "Plan", type: "radio", options: ["free", "pro", "team"].map((v) => ({ id: `opt_${v}`, label: v, value: v })) },
  { id: "q_seats", label: "Seats", type: "number" },
  { id: "q_note", label: "Anything else?", type: "long-text" },
];

const body = (client: number, n: number) =>
  JSON.stringify({
    data: { q_name: `Client ${client}`, q_email: `c${client}-${n}@example.com`, q_plan: ["free", "pro", "team"][n % 3], q_seats: String(n % 50), q_note: "Looks good" },
    duration: 30,
  });

type Run = { ok: number; failed: number; firstError?: string; latencies: number[]; seconds: number };

/** CLIENTS loops, each sending one request after the other until the deadline. */
async function load(send: (client: number, n: number) => Promise<Response>, expect: number): Promise<Run> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        try {
          const res = await send(client, n);
          const text = await res.text();
          latencies.push(performance.now() - t0);
          if (res.status === expect) ok++;
          else {
            failed++;
            firstError ??= `${res.status} ${text.slice(0, 200)}`;
          }
        } catch (e) {
          failed++;
          firstError ??= String(e);
        }
      }
    }),
  );
  return { ok, failed, firstError, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

export async function runIngestBench(db: Db, baseUrl: string): Promise<{ failed: boolean }> {
  const [org] = await db.insert(organizations).values({ name: "ingest bench" }).returning({ id: organizations.id });
  const created: { id: number; uuid: string }[] = [];
  for (let i = 0; i < FORMS; i++) created.push(await importForm(db, org!.id, { name: `Ingest ${i}`, elements: ELEMENTS }, { publish: true }));
  const one = created[0]!;
  const submit = (uuid: string) => (client: number, n: number) =>
    fetch(`${baseUrl}/f/${uuid}/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.${client >> 8}.${client & 255}.${(n % 200) + 1}` },
      body: body(client, n),
    });

  try {
    // Warm up the routes (compiled, pools filled) before measuring.
    await load(() => fetch(`${baseUrl}/api/health`), 200).catch(() => undefined);
    const health = await load(() => fetch(`${baseUrl}/api/health`), 200);
    const single = await load(submit(one.uuid), 201);
    const spread = await load((client, n) => submit(created[(client * 7 + n) % FORMS]!.uuid)(client, n), 201);

    // Every 201 is a stored row, and the API's count (base column + shards) agrees.
    const [stored] = await db.select({ n: count() }).from(submissions).where(inArray(submissions.formId, created.map((f) => f.id)));
    const counted = await db
      .select({ id: forms.id, n: submissionsCountSql })
      .from(forms)
      .where(inArray(forms.id, created.map((f) => f.id)));
    const perForm = await db
      .select({ formId: submissions.formId, n: count() })
      .from(submissions)
      .where(inArray(submissions.formId, created.map((f) => f.id)))
      .groupBy(submissions.formId);
    const byForm = new Map(perForm.map((r) => [r.formId, r.n]));
    const countsExact = counted.length === FORMS && counted.every((f) => f.n === (byForm.get(f.id) ?? 0));
    const storedOk = stored!.n === single.ok + spread.ok;

    const rate = (r: Run) => r.ok / r.seconds;
    const rows = [
      ["GET /api/health", health],
      ["POST /f/:uuid/submit, 1 form", single],
      [`POST /f/:uuid/submit, ${FORMS} forms`, spread],
    ] as const;
    console.log(`\nIngest over HTTP (${CLIENTS} concurrent clients, ${SECONDS} s each, JSON bodies of ${ELEMENTS.length} answers)`);
    console.log("case                                 |   req/s | p50 ms | p99 ms | vs health | errors");
    console.log("-------------------------------------|---------|--------|--------|-----------|-------");
    for (const [name, r] of rows) {
      console.log(
        `${name.padEnd(36)} | ${rate(r).toFixed(0).padStart(7)} | ${pct(r.latencies, 0.5).toFixed(1).padStart(6)} | ${pct(r.latencies, 0.99)
          .toFixed(1)
          .padStart(6)} | ${(rate(r) / rate(health)).toFixed(2).padStart(9)} | ${r.failed}${r.firstError ? ` (first: ${r.firstError})` : ""}`,
      );
    }
    console.log(`stored rows = 201 answers: ${storedOk ? "yes" : "NO"}; submissionsCount exact on every form: ${countsExact ? "yes" : "NO"}`);
    const goal = rate(single) >= rate(health) / 2;
    console.log(`goal (one form ≥ half of /api/health): ${goal ? "met" : "NOT met"} (${((rate(single) / rate(health)) * 100).toFixed(0)}%)`);

    const upkeepOk = await storeComparison(db, org!.id);
    return { failed: !upkeepOk || !storedOk || !countsExact || single.failed + spread.failed + health.failed > 0 };
  } finally {
    if (process.env.BENCH_KEEP !== "1") await db.delete(organizations).where(eq(organizations.id, org!.id)).catch(() => {});
  }
}

/**
 * The store alone, in-process, CLIENTS at once on one form for a few seconds: createSubmission
 * (count shards) against the same transaction bumping the form row, which holds that row's
 * lock until commit and so lets one submit commit at a time.
 */
async function storeComparison(db: Db, organizationId: number): Promise<boolean> {
  const form = await importForm(db, organizationId, { name: "Ingest store", elements: ELEMENTS }, { publish: true });
  const base = { formId: form.id, organizationId, data: { q_name: "x", q_email: "x@example.com" }, duration: 30, spam: false, uniqueLinkId: null };
  const seconds = Math.min(SECONDS, 5);
  const run = async (store: () => Promise<unknown>) => {
    let n = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          await store();
          n++;
        }
      }),
    );
    return n / seconds;
  };
  const store = () => createSubmission(db, { ...form, name: "Ingest store", elements: ELEMENTS }, base);
  // The filter index's upkeep (the insert trigger) off and on, back to back: what it costs ingest.
  await db.execute(sql`alter table submissions disable trigger submission_values_insert`);
  let unindexed: number;
  try {
    unindexed = await run(store);
  } finally {
    await db.execute(sql`alter table submissions enable trigger submission_values_insert`);
  }
  const sharded = await run(store);
  const formRow = await run(() =>
    db.transaction(async (tx) => {
      await tx.insert(submissions).values(base);
      await tx.update(forms).set({ submissionsCount: sql`${forms.submissionsCount} + 1` }).where(eq(forms.id, form.id));
    }),
  );
  console.log(
    `\nStore in-process, ${CLIENTS} concurrent on one form (${seconds} s each; pool of ${db.$client.options.max} connections): ` +
      `count shards ${sharded.toFixed(0)}/s, forms.submissions_count row ${formRow.toFixed(0)}/s`,
  );
  const fall = 1 - sharded / unindexed;
  const ok = fall <= INDEX_UPKEEP_BUDGET;
  console.log(
    `Filter index upkeep: ${unindexed.toFixed(0)}/s without the insert trigger, ${sharded.toFixed(0)}/s with it ` +
      `(${(fall * 100).toFixed(0)}% slower; budget ≤${INDEX_UPKEEP_BUDGET * 100}%: ${ok ? "ok" : "OVER"})`,
  );
  return ok;
}
