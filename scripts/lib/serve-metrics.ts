import type { IncomingMessage, ServerResponse } from "node:http";
import postgres, { type Sql } from "postgres";
import { databaseUnreachableSince } from "../../db/availability";
import { METRICS_CONTENT_TYPE, metrics, metricsAuthorized, metricsText, routeLabel } from "../../server/metrics";

/**
 * The server script's metrics (server/metrics.ts): every request counted and timed by route,
 * method and status when it finishes, survey submits by status and class, and `GET /metrics` for a
 * scraper that presents METRICS_TOKEN as a bearer token (a connection of its own reads the
 * outbox depths, and none is tried while the database is unreachable).
 */
const SUBMIT = /^\/[fu]\/[^/?]+\/submit(?:\?|$)/;

export type SubmitClass = { target: "form" | "unique_link"; body: "json" | "form" | "multipart" | "other" };

/**
 * A submit's class, from the request alone: the link it came by (a form's or a recipient's
 * unique link) and its body (JSON from a front end, a plain form post, multipart with files).
 * Never the form itself: one series per form would grow without bound in the scraper.
 */
export function submitClass(url: string, contentType: string | undefined): SubmitClass {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const body = /^application\/([\w.+-]+\+)?json$/.test(type)
    ? "json"
    : type === "application/x-www-form-urlencoded"
      ? "form"
      : type === "multipart/form-data"
        ? "multipart"
        : "other";
  return { target: url.startsWith("/u/") ? "unique_link" : "form", body };
}

export function recordRequest(req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const m = metrics();
    const labels = { route: routeLabel(req.url ?? "/"), method: req.method ?? "GET", status: String(res.statusCode) };
    m.requests.inc(labels);
    m.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    if (req.method === "POST" && SUBMIT.test(req.url ?? "")) {
      m.submits.inc({ status: labels.status, ...submitClass(req.url ?? "/", req.headers["content-type"]) });
    }
  });
}

let scrapeDb: Sql | undefined;

export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  if (req.method !== "GET" || !metricsAuthorized(req.headers.authorization, token)) {
    const status = req.method !== "GET" ? 405 : 401;
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...(status === 401 ? { "www-authenticate": 'Bearer realm="metrics"' } : { allow: "GET" }),
    });
    res.end(JSON.stringify({ message: status === 401 ? "GET /metrics needs METRICS_TOKEN as a bearer token" : "Use GET" }));
    return;
  }
  const url = process.env.DATABASE_URL;
  if (url && !scrapeDb) {
    scrapeDb = postgres(url, {
      max: 1,
      onnotice: () => {},
      connect_timeout: 2,
      idle_timeout: 60,
      connection: { application_name: "formhouse-metrics" },
    });
  }
  const body = await metricsText(databaseUnreachableSince() === undefined ? scrapeDb : undefined);
  res.writeHead(200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" });
  res.end(body);
}
