import type { NextRequest } from "next/server";
import { db } from "@/db";
import { AppError, MESSAGES } from "@/lib/errors";
import { auditCsvStream } from "@/server/audit/csv";
import { parseAuditFilter } from "@/server/audit/filter-params";
import { getAuditOrganizationOrThrow } from "@/server/audit/reader";
import { getSessionUserFromRequest } from "@/server/auth/next-auth";
import { logError } from "@/server/log";

export const dynamic = "force-dynamic";

/** GET /settings/audit/export?actor=…&action=…&since=…&until=…: the filtered audit log as a CSV download, streamed. */
export async function GET(req: NextRequest) {
  const session = await getSessionUserFromRequest(req);
  if (!session) return text(401, MESSAGES.signIn);
  try {
    const organizationId = await getAuditOrganizationOrThrow(db(), session);
    const params = req.nextUrl.searchParams;
    const filter = parseAuditFilter({
      actor: params.get("actor") ?? undefined,
      action: params.get("action") ?? undefined,
      since: params.get("since") ?? undefined,
      until: params.get("until") ?? undefined,
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(auditCsvStream(db(), organizationId, filter), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="audit-log-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (e) {
    if (e instanceof AppError) return text(e.status, e.message);
    logError("audit log export failed", e);
    return text(500, MESSAGES.internal);
  }
}

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
