import { surveyCaller } from "@/server/routers/survey/router";
import { respondentCookieHeader } from "@/server/services/survey/partial-responses";
import type { ResumeRef } from "@/server/services/survey/resume-links";
import { RESUME_LINK_DAYS } from "@/lib/survey/save-later";
import { surveyPageResponse } from "./render-page";

/** What a link to continue that opens nothing says (one page for unknown, expired, used up and closed: it tells nothing). */
export const RESUME_LINK_GONE = {
  title: "This link no longer works",
  message:
    `A link to continue a form works for ${RESUME_LINK_DAYS} days, and only until its answers are sent. ` +
    "If you still need to answer, open the form again from where you found it.",
};

/**
 * `GET|HEAD /f/<form_uuid>/resume/<token>` and `/u/<link_id>/resume/<token>`: a 303 to the survey
 * page, which resumes where the respondent left (with this browser's respondent cookie when it
 * had none), or a 404 page that says the link no longer works.
 */
export async function resumeRoute(request: Request, ref: ResumeRef, token: string): Promise<Response> {
  const method = request.method === "HEAD" ? "HEAD" : "GET";
  const opened = await surveyCaller(request.headers).resumeLinks.open({ ref, token, method });
  if (opened.kind === "gone") return surveyPageResponse(request, { kind: "notice", ...RESUME_LINK_GONE }, { status: 404 });
  const secure = new URL(request.url).protocol === "https:";
  const headers: Record<string, string> = { location: opened.location, "cache-control": "no-store" };
  if (opened.newRespondentCookie) headers["set-cookie"] = respondentCookieHeader(opened.newRespondentCookie, secure);
  return new Response(null, { status: 303, headers });
}
