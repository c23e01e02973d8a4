import { spawn, type ChildProcess } from "node:child_process";
import { freshDatabase } from "../../scripts/lib/fresh-database";
import { TSX_NODE_ARGS } from "../../scripts/lib/server-node";
import { waitFor } from "./webhooks/receiver";

/**
 * A database of its own for `npm run worker` processes (the server under test's worker shares
 * the main one), with what the test opened beside it: `drop()` kills the workers, closes each
 * `closers` entry (receivers, SMTP servers) and removes the database.
 */
export type WorkerContext = Awaited<ReturnType<typeof freshDatabase>> & {
  workers: ChildProcess[];
  closers: (() => Promise<unknown>)[];
};

export async function workerContext(): Promise<WorkerContext> {
  const database = await freshDatabase();
  const ctx: WorkerContext = {
    ...database,
    workers: [],
    closers: [],
    drop: async () => {
      for (const w of ctx.workers) w.kill("SIGKILL");
      await Promise.all(ctx.closers.map((close) => close().catch(() => {})));
      await database.drop();
    },
  };
  return ctx;
}

/** `npm run worker` (scripts/worker.ts) on the context's database with `env`; resolves once its workers have started. */
export async function startWorkerProcess(ctx: WorkerContext, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: ctx.url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  ctx.workers.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await Promise.race([
    waitFor("the worker to start", () => output.includes("workers started"), 20_000),
    exited.then(() => Promise.reject(new Error(`worker exited: ${output}`))),
  ]);
  return child;
}
