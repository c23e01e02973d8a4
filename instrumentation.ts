/**
 * Next.js calls `register` once when a server instance starts: the outbox workers (webhooks
 * and mail) run inside every web instance (`npm start`) unless WEBHOOK_WORKER=off (server/workers.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWorkersInWebProcess } = await import("./server/workers");
  startWorkersInWebProcess();
}
