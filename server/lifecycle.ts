import "server-only";

/**
 * This process's life as a server: whether it is stopping (readiness answers 503 from the first
 * moment, so a balancer drains it), and what must be finished before it exits (the outbox
 * workers' attempts, the lease, the pools). The server script (scripts/serve.ts) owns the
 * shutdown; the app registers what it started. On globalThis: the server script and each route's
 * bundle are separate module graphs in one process.
 */
type Lifecycle = { stopping: boolean; hooks: { name: string; run: (graceMs: number) => Promise<void> }[] };
const globalForLifecycle = globalThis as unknown as { formhouseLifecycle?: Lifecycle };
const lifecycle = (): Lifecycle => (globalForLifecycle.formhouseLifecycle ??= { stopping: false, hooks: [] });

export const isStopping = (): boolean => lifecycle().stopping;

/** Runs `run` (given the time left) when the process stops; hooks run in the order they were added. */
export function onShutdown(name: string, run: (graceMs: number) => Promise<void>): void {
  lifecycle().hooks.push({ name, run });
}

/** Marks the process as stopping, then runs the hooks one after another within `graceMs` in all. */
export async function runShutdown(graceMs: number, onError: (name: string, err: unknown) => void): Promise<void> {
  const l = lifecycle();
  l.stopping = true;
  const until = Date.now() + graceMs;
  for (const hook of l.hooks) {
    try {
      await hook.run(Math.max(0, until - Date.now()));
    } catch (err) {
      onError(hook.name, err);
    }
  }
}

/** Marks the process as stopping (readiness answers 503) before anything else happens. */
export function markStopping(): void {
  lifecycle().stopping = true;
}
