import "server-only";
import { timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Sql } from "postgres";

/**
 * This process's Prometheus metrics, served by the server script at `GET /metrics` when
 * METRICS_TOKEN is set (scripts/serve.ts). Made once and kept on globalThis: the server script
 * and each route's bundle are separate module graphs in one process, and both record here.
 * Process memory, CPU and event-loop lag come from prom-client's default metrics.
 */
export type Metrics = {
  registry: Registry;
  requests: Counter<"route" | "method" | "status">;
  duration: Histogram<"route" | "method" | "status">;
  submits: Counter<"status" | "target" | "body">;
  attemptFailures: Counter<"kind">;
};
const globalForMetrics = globalThis as unknown as { formhouseMetrics?: Metrics };

export function metrics(): Metrics {
  if (globalForMetrics.formhouseMetrics) return globalForMetrics.formhouseMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const made: Metrics = {
    registry,
    requests: new Counter({
      name: "formhouse_http_requests_total",
      help: "HTTP requests answered, by route (ids replaced by :id), method and status",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "formhouse_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    submits: new Counter({
      name: "formhouse_survey_submits_total",
      help: "Survey submits (POST /f/<uuid>/submit, /u/<id>/submit) by status, link (form, unique_link) and body (json, form, multipart)",
      labelNames: ["status", "target", "body"],
      registers: [registry],
    }),
    attemptFailures: new Counter({
      name: "formhouse_outbox_attempt_failures_total",
      help: "Failed delivery attempts of this process's outbox workers, by kind (webhook, mail)",
      labelNames: ["kind"],
      registers: [registry],
    }),
  };
  globalForMetrics.formhouseMetrics = made;
  return made;
}

/** A path as a route label: ids (UUIDs, numbers, long tokens) become :id, build assets one label, at most five segments. */
export function routeLabel(path: string): string {
  const pathname = path.split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/")) return "/_next";
  const segments = pathname
    .split("/")
    .filter(Boolean)
    .slice(0, 5)
    .map((s) => (/^\d+$|^[0-9a-f-]{32,36}$|^[A-Za-z0-9_-]{20,}$/i.test(s) ? ":id" : s));
  return `/${segments.join("/")}`;
}

/** Whether `authorization` carries METRICS_TOKEN as a bearer token (compared in constant time). */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

const OUTBOXES = [
  { kind: "webhook", table: "webhook_deliveries" },
  { kind: "mail", table: "mail_messages" },
] as const;

/**
 * The metrics text, with what is read from the database at scrape time: each outbox's depth and
 * the age of its oldest undelivered row, and the database's connections by application and state
 * (the app's pool and the outbox pool of every instance).
 */
export async function metricsText(sql: Sql | undefined): Promise<string> {
  const m = metrics();
  const extra = new Registry();
  const depth = new Gauge({
    name: "formhouse_outbox_depth",
    help: "Rows waiting to be sent, by kind",
    labelNames: ["kind"],
    registers: [extra],
  });
  const oldest = new Gauge({
    name: "formhouse_outbox_oldest_age_seconds",
    help: "Age of the oldest row waiting to be sent, by kind (0 when none waits)",
    labelNames: ["kind"],
    registers: [extra],
  });
  const connections = new Gauge({
    name: "formhouse_db_connections",
    help: "Connections to this database, by application (formhouse: requests; formhouse-outbox: workers) and state",
    labelNames: ["application", "state"],
    registers: [extra],
  });
  const up = new Gauge({ name: "formhouse_db_up", help: "1 when the database answered this scrape", registers: [extra] });
  if (sql) {
    try {
      const reads = await Promise.race([
        Promise.all([
          ...OUTBOXES.map((o) =>
            sql.unsafe<{ n: number; age: number | null }[]>(
              `select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
               from ${o.table} where status = 'pending'`,
            ),
          ),
          sql<{ application: string; state: string | null; n: number }[]>`
            select application_name as application, state, count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name like 'formhouse%' group by 1, 2`,
        ]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref?.()),
      ]);
      OUTBOXES.forEach((o, i) => {
        const [row] = reads[i] as { n: number; age: number | null }[];
        depth.set({ kind: o.kind }, row?.n ?? 0);
        oldest.set({ kind: o.kind }, row?.age ?? 0);
      });
      for (const r of reads[OUTBOXES.length] as { application: string; state: string | null; n: number }[]) {
        connections.set({ application: r.application, state: r.state ?? "unknown" }, r.n);
      }
      up.set(1);
    } catch {
      up.set(0);
    }
  }
  return `${await m.registry.metrics()}\n${await extra.metrics()}`;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
