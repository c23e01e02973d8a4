import { RETRY_AFTER_SECONDS } from "@/server/http/unavailable";
import { readiness } from "@/server/http/readiness";

export const dynamic = "force-dynamic";

/** Readiness, for load balancers and orchestrators: 200 when this instance should get requests (server/http/readiness.ts). */
export async function GET() {
  const state = await readiness();
  if (state.ready) return Response.json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
  return Response.json(
    { status: "unavailable", message: state.reason },
    { status: 503, headers: { "cache-control": "no-store", "retry-after": String(RETRY_AFTER_SECONDS) } },
  );
}
