import type { IncomingMessage, ServerResponse } from "node:http";
import postgres from "postgres";
import { databaseUnreachableSince, markDatabaseReachable, onDatabaseUnreachable } from "../../db/availability";
import { leaveRequest } from "../../server/http/request-id";
import { unavailableAnswer, type PlainAnswer } from "../../server/http/unavailable";

/**
 * The server script's side of a database outage (db/availability.ts). While queries fail for
 * want of a connection, every request but liveness, readiness and build assets is answered at
 * once with the surface's 503 (server/http/unavailable.ts), and a response the app had already
 * begun as a 5xx is swapped for it; a probe on a connection of its own tries every PROBE_MS and
 * lets requests through again as soon as PostgreSQL answers. The app's pool and the workers'
 * LISTEN connection reconnect by themselves on their next use.
 */
const PROBE_MS = 500;
const EXEMPT = /^\/(?:api\/health|api\/ready|metrics|_next\/static\/|favicon\.ico)/;

export function guardAvailability(databaseUrl: string | undefined, log: (msg: string, fields?: Record<string, unknown>) => void) {
  let probing = false;
  const probe = async () => {
    if (probing || !databaseUrl) return;
    probing = true;
    const since = databaseUnreachableSince() ?? Date.now();
    log("database unreachable: answering 503 until it is back");
    try {
      // A client per attempt: one whose connection attempts failed may wait out its own backoff.
      while (!(await answers(databaseUrl))) await new Promise((r) => setTimeout(r, PROBE_MS));
    } finally {
      probing = false;
    }
    markDatabaseReachable();
    log("database reachable again", { unreachableMs: Date.now() - since });
  };
  // The probe is the process's, not the request's that noticed: its log lines carry no request id.
  onDatabaseUnreachable(() => void leaveRequest(probe));

  /** Answers `req` itself when the database is unreachable (true), or arms the 5xx swap and lets the app answer (false). */
  return function intercept(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "/";
    if (EXEMPT.test(url)) return false;
    const answer = () => unavailableAnswer(url, req.headers["content-type"]);
    if (databaseUnreachableSince() !== undefined) {
      send(res, answer());
      return true;
    }
    swapServerErrors(res, answer);
    return false;
  };
}

async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function send(res: ServerResponse, answer: PlainAnswer, end = res.end.bind(res), writeHead = res.writeHead.bind(res)) {
  for (const name of res.getHeaderNames()) if (name !== "x-request-id") res.removeHeader(name);
  writeHead(answer.status, answer.headers);
  end(answer.body);
}

/**
 * A 5xx the app writes while the database is unreachable (a query lost its connection in the
 * middle of the request) becomes the surface's 503. Node writes the head from writeHead (also
 * when called by the first write or end), so that decides; the app's body is then dropped and
 * ours goes out when the app ends, so the app finishes its response as it always does.
 */
function swapServerErrors(res: ServerResponse, answer: () => PlainAnswer) {
  const original = { writeHead: res.writeHead.bind(res), write: res.write.bind(res), end: res.end.bind(res) };
  let swapping = false;
  const failing = (status: number) => !res.headersSent && status >= 500 && databaseUnreachableSince() !== undefined;
  const done = (args: unknown[]) => (args.find((a) => typeof a === "function") as (() => void) | undefined)?.();
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (swapping || failing(status)) {
      swapping = true;
      return res;
    }
    return (original.writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
  }) as ServerResponse["writeHead"];
  res.write = ((...args: unknown[]) => {
    if (swapping || failing(res.statusCode)) {
      swapping = true;
      done(args);
      return true;
    }
    return (original.write as (...a: unknown[]) => boolean)(...args);
  }) as ServerResponse["write"];
  res.end = ((...args: unknown[]) => {
    if (swapping || failing(res.statusCode)) {
      swapping = true;
      send(res, answer(), original.end, original.writeHead);
      done(args);
      return res;
    }
    return (original.end as (...a: unknown[]) => ServerResponse)(...args);
  }) as ServerResponse["end"];
}
