/**
 * Next.js calls `register` once when a server instance starts: the outbox workers (webhooks
 * and mail) run inside every web instance (`npm start`) unless WEBHOOK_WORKER=off (server/workers.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWorkersInWebProcess, stopWorkers } = await import("./server/workers");
  const { onShutdown } = await import("./server/lifecycle");
  startWorkersInWebProcess();
  // Uploaded files on local disk with another instance on the database: say that S3 is needed (server/uploads/instance-check.ts).
  const { markInstance } = await import("./server/uploads/instance-check");
  markInstance();
  // A stopping instance (scripts/serve.ts) lets the deliveries under way finish and gives up its lease.
  onShutdown("the outbox workers", (graceMs) => stopWorkers(graceMs));
}
