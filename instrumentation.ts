/**
 * Next.js calls `register` once when a server instance starts: the webhook worker runs inside
 * every web instance (`npm start`) unless WEBHOOK_WORKER=off (server/webhooks/delivery/runtime.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWorkerInWebProcess } = await import("./server/webhooks/delivery/runtime");
  startWorkerInWebProcess();
}
