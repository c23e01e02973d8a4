import "server-only";
/**
 * GETs this server answers itself, in this process: no socket, no HTTP. The server script
 * (scripts/serve.ts) lends the app Next's request handler once it is ready; `getInProcess`
 * sends a request built in memory through it, so the answer is the one a browser would get
 * for that path — proxy.ts, routing, the page — minus the network, parsing and compression.
 *
 * The lender sits on globalThis: the server script and each route's bundle are separate
 * module graphs in one process.
 */
export type InProcessAnswer = { status: number; headers: Headers; body: string };
export type InProcessGet = (path: string, headers: Record<string, string>) => Promise<InProcessAnswer>;

const globalForInProcess = globalThis as unknown as { formhouseInProcessGet?: InProcessGet };

/** Called once by the server that owns the socket. */
export function answerInProcess(get: InProcessGet): void {
  globalForInProcess.formhouseInProcessGet = get;
}

/** `path`'s answer from this process; throws when the app was not started by scripts/serve.ts. */
export async function getInProcess(path: string, headers: Record<string, string>): Promise<InProcessAnswer> {
  const get = globalForInProcess.formhouseInProcessGet;
  if (!get) throw new Error("No in-process request handler: start the app with scripts/serve.ts (npm start, npm run dev)");
  return get(path, headers);
}
