import type { NextRequest } from "next/server";
import { db } from "@/db";
import { getSessionUserFromRequest } from "@/server/auth/next-auth";
import { AppError, MESSAGES } from "@/lib/errors";
import { logError } from "@/server/log";
import { userActor } from "@/server/audit/actor";
import { recordAudit } from "@/server/audit/record";
import { formTarget } from "@/server/audit/targets";
import { memberAccessOrThrow } from "@/server/services/members/member-grant";
import { exportQuery, exportSubmissionsCsv } from "@/server/services/submissions/export-csv";
import { readDb } from "@/server/read-replica";

export const dynamic = "force-dynamic";

/** GET /submissions/export?form=…&<v2 filters>: the filtered set as a CSV download, streamed. */
export async function GET(req: NextRequest) {
  const session = await getSessionUserFromRequest(req);
  if (!session) return text(401, MESSAGES.signIn);
  try {
    const access = await memberAccessOrThrow(db(), session, "answers.view");
    const params = req.nextUrl.searchParams;
    const query = exportQuery(params);
    const csv = await exportSubmissionsCsv(await readDb(db()), access, query);
    // A read, but one that takes every answer away: the log keeps who did it (never the filters' values).
    await recordAudit(db(), userActor(req.headers, session), "submission.exported", formTarget(csv.form), {
      form: csv.form.uuid,
      view: query.view ?? "all",
      filters: [...params.keys()].filter((key) => key.includes("__")).length,
    });
    return new Response(csv.stream, {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": csv.contentDisposition, "cache-control": "no-store" },
    });
  } catch (e) {
    if (e instanceof AppError) return text(e.status, e.message);
    logError("submissions export failed", e);
    return text(500, MESSAGES.internal);
  }
}

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
