import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * Each request's id: the `X-Request-Id` a trusted proxy sent (TRUST_PROXY; a balancer such as
 * deploy/haproxy.cfg sets one), else a new UUID. The server script (scripts/serve.ts) picks it,
 * returns it in the response's `X-Request-Id` and runs the request inside its context, so every
 * log line written while serving it carries it (server/log.ts). The store sits on globalThis: the
 * server script and each route's bundle are separate module graphs in one process.
 */
type RequestContext = { requestId: string };
const globalForRequests = globalThis as unknown as { formhouseRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = () => (globalForRequests.formhouseRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** What a proxy's id may look like: printable, no spaces, at most 128 characters (anything else is replaced). */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@+/=-]{1,128}$/;

export function pickRequestId(header: string | string[] | undefined, trustProxy: boolean): string {
  const sent = Array.isArray(header) ? header[0] : header;
  return trustProxy && sent && ACCEPTABLE_ID.test(sent) ? sent : randomUUID();
}

/** Runs `fn` as the request `requestId`. */
export const runAsRequest = <T>(requestId: string, fn: () => T): T => storage().run({ requestId }, fn);

/** Runs `fn` outside any request (work a request only set off). */
export const leaveRequest = <T>(fn: () => T): T => storage().exit(fn);

/** The id of the request being served, if any. */
export const currentRequestId = (): string | undefined => storage().getStore()?.requestId;
