/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Survey rate limits count clients by their socket address (server/routers/survey/client-address.ts).
    const { stampPeerAddresses } = await import("./server/routers/survey/stamp-peer-address");
    stampPeerAddresses();
  }
}
