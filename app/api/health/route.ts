export const dynamic = "force-dynamic";

/** Liveness: the process answers, whatever its database does (readiness is `GET /api/ready`). */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
