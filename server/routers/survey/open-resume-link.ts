import "server-only";
import { z } from "zod";
import { isLinkPreview } from "@/server/services/survey/link-preview";
import { openResumeLink } from "@/server/services/survey/resume-links";
import { surveyProcedure } from "@/server/trpc";
import { ZSurveyId } from "./shared";

export const ZOpenResumeLinkInput = z.object({
  ref: z.union([z.object({ formUuid: ZSurveyId }), z.object({ linkId: ZSurveyId })]),
  // Longer than any token: none of ours (the same "no longer works" page).
  token: z.string().transform((t) => (t.length > 100 ? "" : t)),
  method: z.enum(["GET", "HEAD"]).default("GET"),
});

/**
 * `GET /f/<form_uuid>/resume/<token>`, `GET /u/<link_id>/resume/<token>`: a mailed link to
 * continue. Where to go on (the survey page, which resumes), or `gone` for a link that is
 * unknown, expired, used up by a finished response or whose form closed; previews move nothing.
 */
export const openResumeLinkRoute = surveyProcedure.input(ZOpenResumeLinkInput).mutation(async ({ ctx, input }) => {
  const preview = isLinkPreview({
    method: input.method,
    userAgent: ctx.headers.get("user-agent"),
    purpose: ctx.headers.get("sec-purpose") ?? ctx.headers.get("purpose"),
  });
  return openResumeLink(ctx.db, input.ref, input.token, { headers: ctx.headers, preview });
});
