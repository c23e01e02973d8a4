/**
 * The HTTP server behind `npm start` and the test harness: Next.js on HOST:PORT, in a child
 * process of scripts/start.ts. Owning the socket (rather than `next start`) lets it
 * - tell its parent (over IPC) once it really listens, and explain a failed listen in one sentence;
 * - append the peer's address to X-Forwarded-For, as a proxy does, so the app can trust the
 *   last entry (and, with TRUST_PROXY, the ones its proxies added): server/http/client-address.ts;
 * - lend the app its request handler, for the pages it renders in this process (server/http/in-process.ts).
 */
import { createServer, type IncomingMessage } from "node:http";
import next from "next";
import { parseEnv } from "../server/env";
import { answerInProcess } from "../server/http/in-process";
import { explainFailure } from "./lib/explain-failure";
import { inProcessGet } from "./lib/in-process-get";
import { hostPort, listenErrorMessage } from "./lib/listen";

export type ServeMessage = { type: "listening"; address: string };

const dev = process.argv.includes("--dev");
const { HOST, PORT } = (() => {
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

const server = createServer((req, res) => {
  appendPeer(req);
  void handle(req, res);
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

const close = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 3000).unref();
};
process.once("SIGTERM", close);
process.once("SIGINT", close);
// Started by `npm start`: should it die (even by SIGKILL), the IPC channel closes; stop too
// rather than go on serving without the database it owned.
process.once("disconnect", close);
