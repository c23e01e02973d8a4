/**
 * The webhook part of `npm run bench`, against the bench's `next start` (whose in-process
 * worker delivers) and real HTTP receivers on loopback in this process:
 *   - latency: one event at a time, from the commit of the submission's transaction (the
 *     moment a submit answers) to its arrival at the receiver; and from the answer of
 *     `DELETE /api/v2/submissions/:id` to the arrival of its `Submission.Deleted`;
 *   - throughput: a burst of events committed at once to a form with 10 webhooks, drained.
 * Until the survey's submit endpoint is on this branch, submissions are stored the way its
 * create service does (submission, form count and enqueue in one transaction).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { forms, submissions, type Form } from "../../db/schema";
import { accessForOrganization } from "../../server/services/forms/access";
import { importForm } from "../../server/services/forms/import-form";
import { createWebhook } from "../../server/webhooks/manage/create-webhook";
import { enqueueSubmissionEvent } from "../../server/webhooks/delivery/enqueue";

export type WebhookBenchResult = { name: string; value: string; ok: boolean; goal: string }[];

const LATENCY_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS) || 200;
const BURST_EVENTS = Number(process.env.BENCH_WEBHOOK_BURST) || 500;
const ENDPOINTS = 10;

type Arrival = { at: number; event: string; submissionId: string };

/** A receiver that answers 200 at once and reports each arrival. */
async function receiver(onArrival: (a: Arrival) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      res.end();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      onArrival({ at, event: body.event, submissionId: body.submission.id });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

async function storeSubmission(db: Db, formId: number, data: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    const [form] = await tx.select().from(forms).where(eq(forms.id, formId)).for("update");
    const [s] = await tx.insert(submissions).values({ formId, organizationId: form!.organizationId, data }).returning();
    await tx
      .update(forms)
      .set({ submissionsCount: sql`${forms.submissionsCount} + 1` })
      .where(eq(forms.id, formId));
    await enqueueSubmissionEvent(tx, "Submission.Created", { form: form!, submission: s! });
    return s!;
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

/** Resolves when `key` arrives (or has arrived). */
function arrivals() {
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  return {
    record(a: Arrival) {
      const key = `${a.event}:${a.submissionId}`;
      seen.set(key, a.at);
      waiting.get(key)?.(a.at);
    },
    wait(key: string, timeoutMs = 10_000): Promise<number> {
      const at = seen.get(key);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no delivery of ${key} within ${timeoutMs} ms`)), timeoutMs);
        waiting.set(key, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
  };
}

export async function benchWebhooks(db: Db, organizationId: number, baseUrl: string, token: string): Promise<WebhookBenchResult> {
  const access = accessForOrganization(organizationId);
  const elements = [{ id: "email", label: "Email", type: "email" }];
  const out: WebhookBenchResult = [];

  // Latency: one endpoint, one event at a time.
  const seen = arrivals();
  const one = await receiver((a) => seen.record(a));
  const latencyForm = await importForm(db, organizationId, { name: "Webhook latency", elements }, { publish: true });
  await createWebhook(db, access, latencyForm.uuid, { url: one.url, events: ["Submission.Created", "Submission.Deleted"] });
  const created: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < LATENCY_EVENTS + 10; i++) {
    const s = await storeSubmission(db, latencyForm.id, { email: `l${i}@example.com` });
    const committed = performance.now();
    const at = await seen.wait(`Submission.Created:${s.id}`);
    if (i >= 10) created.push(at - committed); // the first few warm connections and plans
    ids.push(s.id);
  }
  const deleted: number[] = [];
  for (const [i, id] of ids.entries()) {
    const res = await fetch(`${baseUrl}/api/v2/submissions/${id}`, { method: "DELETE", headers: { "X-SERVICE-TOKEN": token } });
    const answered = performance.now();
    if (res.status !== 200) throw new Error(`DELETE submission: ${res.status} ${await res.text()}`);
    const at = await seen.wait(`Submission.Deleted:${id}`);
    if (i >= 10) deleted.push(at - answered);
  }
  await one.close();
  for (const [name, list] of [
    ["commit → receiver (Submission.Created)", created],
    ["DELETE answer → receiver (Submission.Deleted)", deleted],
  ] as const) {
    const sorted = [...list].sort((a, b) => a - b);
    const p50 = pct(sorted, 0.5);
    const value = `p50 ${p50.toFixed(1)} ms, p99 ${pct(sorted, 0.99).toFixed(1)} ms`;
    out.push({ name: `${name}, ${sorted.length} events`, value, ok: p50 <= 50, goal: "p50 ≤ 50 ms" });
  }

  // Throughput: a burst committed at once, fanned out to 10 endpoints.
  let received = 0;
  let first = Infinity;
  let last = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((r) => (done = r));
  const total = BURST_EVENTS * ENDPOINTS;
  const sinks = await Promise.all(
    Array.from({ length: ENDPOINTS }, () =>
      receiver((a) => {
        received++;
        first = Math.min(first, a.at);
        last = a.at;
        if (received === total) done();
      }),
    ),
  );
  const burstForm = await importForm(db, organizationId, { name: "Webhook burst", elements }, { publish: true });
  for (const s of sinks) await createWebhook(db, access, burstForm.uuid, { url: s.url, events: ["Submission.Created"] });
  const [form] = await db.select().from(forms).where(eq(forms.id, burstForm.id));
  await db.transaction(async (tx) => {
    for (let i = 0; i < BURST_EVENTS; i++) {
      const [s] = await tx
        .insert(submissions)
        .values({ formId: form!.id, organizationId, data: { email: `b${i}@example.com` } })
        .returning();
      await enqueueSubmissionEvent(tx, "Submission.Created", { form: form as Form, submission: s! });
    }
  });
  // Deliveries may start before this line runs (NOTIFY fires at commit): count from the earlier.
  const committed = Math.min(performance.now(), first);
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${received}/${total} deliveries in 120 s`)), 120_000));
  await Promise.race([all, late]);
  await Promise.all(sinks.map((s) => s.close()));
  const perSecond = total / ((last - committed) / 1000);
  out.push({
    name: `${total} deliveries (${BURST_EVENTS} events × ${ENDPOINTS} endpoints) drained`,
    value: `${perSecond.toFixed(0)} deliveries/s (${((last - committed) / 1000).toFixed(2)} s)`,
    ok: perSecond >= 200,
    goal: "≥ 200 deliveries/s",
  });
  return out;
}

export function printWebhookResults(rows: WebhookBenchResult) {
  console.log("\nWebhooks (the server's in-process worker, receivers on loopback)");
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) console.log(`${r.name.padEnd(width)} | ${r.value} | ${r.ok ? "ok" : "OVER"} ${r.goal}`);
}
