/**
 * The HTTP server behind `npm start` and the test harness: Next.js on HOST:PORT, in a child
 * process of scripts/start.ts. Owning the socket (rather than `next start`) lets it
 * - tell its parent (over IPC) once it really listens, and explain a failed listen in one sentence;
 * - append the peer's address to X-Forwarded-For, as a proxy does, so the app can trust the
 *   last entry (and, with TRUST_PROXY, the ones its proxies added): server/http/client-address.ts;
 * - lend the app its request handler, for the pages it renders in this process (server/http/in-process.ts);
 * - answer 503 at once while the database is unreachable (scripts/lib/availability-guard.ts);
 * - give each request an id (X-Request-Id, server/http/request-id.ts), count and time it, and
 *   serve `GET /metrics` when METRICS_TOKEN is set (scripts/lib/serve-metrics.ts);
 * - stop gracefully on SIGTERM: readiness answers 503 at once (a balancer drains the instance
 *   during SHUTDOWN_DRAIN_MS), then it stops listening; the requests in flight (a body still
 *   arriving too) and the workers' current deliveries finish within SHUTDOWN_TIMEOUT_MS, the
 *   lease and the pools are given back, exit 0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { closeDb } from "../db";
import { parseEnv } from "../server/env";
import { closeReadDb } from "../server/read-replica";
import { answerInProcess } from "../server/http/in-process";
import { pickRequestId, runAsRequest } from "../server/http/request-id";
import { markStopping, runShutdown } from "../server/lifecycle";
import { log, logError } from "../server/log";
import { guardAvailability } from "./lib/availability-guard";
import { serveMetrics, recordRequest } from "./lib/serve-metrics";
import { explainFailure } from "./lib/explain-failure";
import { inProcessGet } from "./lib/in-process-get";
import { hostPort, listenErrorMessage } from "./lib/listen";

export type ServeMessage = { type: "listening"; address: string };

const dev = process.argv.includes("--dev");
const { HOST, PORT, SHUTDOWN_TIMEOUT_MS, SHUTDOWN_DRAIN_MS, TRUST_PROXY, METRICS_TOKEN } = (() => {
  try {
    return parseEnv();
  } catch (err) {
    for (const line of explainFailure(err)) console.error(`[formhouse] ${line}`);
    process.exit(1);
  }
})();

function appendPeer(req: IncomingMessage) {
  const peer = req.socket.remoteAddress ?? "unknown";
  const previous = req.headers["x-forwarded-for"];
  const chain = Array.isArray(previous) ? previous.join(", ") : previous;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
}

const app = next({ dev, dir: process.cwd(), hostname: HOST, port: PORT });
try {
  await app.prepare();
} catch (err) {
  // E.g. no build in NEXT_DIST_DIR: `npm start` builds first; a bare serve cannot.
  for (const line of explainFailure(err)) console.error(`[formhouse] ${line}`);
  process.exit(1);
}
const handle = app.getRequestHandler();
answerInProcess(inProcessGet(handle));

const intercept = guardAvailability(process.env.DATABASE_URL, (msg, fields) => log.warn(msg, fields));
/** Responses not yet finished: told to close their connection once the server stops. */
const open = new Set<ServerResponse>();
let stopping = false;

const server = createServer((req, res) => {
  const requestId = pickRequestId(req.headers["x-request-id"], TRUST_PROXY > 0);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  appendPeer(req);
  if (stopping) res.shouldKeepAlive = false;
  open.add(res);
  res.once("close", () => open.delete(res));
  recordRequest(req, res);
  runAsRequest(requestId, () => {
    if (METRICS_TOKEN && req.url === "/metrics") return void serveMetrics(req, res, METRICS_TOKEN);
    if (intercept(req, res)) return;
    void handle(req, res);
  });
});
// Keep idle connections longer than clients and reverse proxies do (60 s is common): with
// Node's 5 s, a client that reuses an idle connection just as the server closes it gets a
// reset instead of a response (seen as ECONNRESET on an API call after a pause).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.once("error", (err) => {
  console.error(`[formhouse] ${listenErrorMessage(err, HOST, PORT)}`);
  process.exit(1);
});
server.listen(PORT, HOST, () => {
  const message: ServeMessage = { type: "listening", address: hostPort(HOST, PORT) };
  process.send?.(message);
});

/**
 * Stops gracefully: readiness answers 503 and every response closes its connection; after the
 * drain (SIGTERM only: Ctrl-C and a dead parent stop at once) no new connections are taken (a
 * balancer's next attempt goes to another instance); the requests in flight and the workers'
 * current attempts get SHUTDOWN_TIMEOUT_MS in all to finish, then the pools close.
 */
const close = async (why: string) => {
  if (stopping) return;
  stopping = true;
  markStopping();
  const started = Date.now();
  log.info("stopping", { signal: why, inFlight: open.size, drainMs: SHUTDOWN_DRAIN_MS, timeoutMs: SHUTDOWN_TIMEOUT_MS });
  for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
  if (why === "SIGTERM" && SHUTDOWN_DRAIN_MS > 0)
    await new Promise((r) => setTimeout(r, Math.min(SHUTDOWN_DRAIN_MS, SHUTDOWN_TIMEOUT_MS / 2)));
  const force = setTimeout(
    () => {
      log.warn("stopping took longer than SHUTDOWN_TIMEOUT_MS: exiting with requests or deliveries unfinished", { inFlight: open.size });
      process.exit(1);
    },
    SHUTDOWN_TIMEOUT_MS - (Date.now() - started),
  );
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
  server.closeIdleConnections();
  const left = SHUTDOWN_TIMEOUT_MS - (Date.now() - started) - 1000;
  await Promise.all([closed, runShutdown(left, (name, err) => logError(`stopping ${name} failed`, err))]);
  const poolTimeoutS = Math.max(1, Math.floor((SHUTDOWN_TIMEOUT_MS - (Date.now() - started)) / 1000));
  await Promise.all([closeDb(poolTimeoutS).catch(() => {}), closeReadDb(poolTimeoutS).catch(() => {})]);
  log.info("stopped", { ms: Date.now() - started });
  process.exit(0);
};
process.once("SIGTERM", () => void close("SIGTERM"));
process.once("SIGINT", () => void close("SIGINT"));
// Started by `npm start`: should it die (even by SIGKILL), the IPC channel closes; stop too
// rather than go on serving without the database it owned.
process.once("disconnect", () => void close("disconnect"));
// Next keeps the process alive after an uncaught exception and prints it without a stack; this
// puts it in the structured log. postgres.js 3.4 throws one when a connection closes with a small
// write queued (its nextWrite on a null socket): the query has failed as CONNECTION_CLOSED already.
process.on("uncaughtException", (err) => {
  if (/reading 'write'/.test(err.message) && err.stack?.includes("nextWrite")) {
    log.warn("postgres.js dropped a write on a connection that had closed (a known defect of its own); nothing was lost");
  } else logError("uncaught exception", err);
});
