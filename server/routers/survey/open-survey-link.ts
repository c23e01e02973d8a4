import "server-only";
import { z } from "zod";
import { isLinkPreview } from "@/server/services/survey/link-preview";
import { uniqueLinkSubmitPath } from "@/lib/app-paths";
import { closedLinkReason, findSurveyLink, linkClosed, markLinkOpened, surveyNotFound } from "@/server/services/survey/survey-target";
import { buildSurveyView } from "@/server/services/survey/survey-view";
import { surveyProcedure } from "@/server/trpc";
import { pagesOf } from "@/server/services/survey/answers/validator-cache";
import { resumePoint } from "@/server/services/survey/partial-responses";
import { ZRerender, ZSurveyId, ZSurveyQuery } from "./shared";
import { gatePage } from "@/server/services/publishing/form-gates";

export const ZOpenSurveyLinkInput = z.object({
  linkId: ZSurveyId,
  method: z.enum(["GET", "HEAD"]).default("GET"),
  query: ZSurveyQuery.default({}),
  rerender: ZRerender,
});

/**
 * `GET /u/<link_id>`: the link's form with the link's prefill. 404 when the link or its form
 * is not available; 410 with the page's sentence when it is inactive, expired or completed.
 * A person's first visit moves `pending` to `in_progress`; link previews and HEAD do not.
 */
export const openSurveyLinkRoute = surveyProcedure.input(ZOpenSurveyLinkInput).mutation(async ({ ctx, input }) => {
  const found = await findSurveyLink(ctx.db, input.linkId);
  if (!found) throw surveyNotFound();
  const reason = closedLinkReason(found.link);
  if (reason) throw linkClosed(reason);

  const preview = isLinkPreview({
    method: input.method,
    userAgent: ctx.headers.get("user-agent"),
    purpose: ctx.headers.get("sec-purpose") ?? ctx.headers.get("purpose"),
  });
  // A form that takes no answers now says so; the link stays as it was.
  const gate = await gatePage(ctx.db, found.form, ctx.headers, found.link.id);
  if (gate) return gate;
  if (!input.rerender && !preview && found.link.status === "pending") await markLinkOpened(ctx.db, found.link.id);

  return buildSurveyView(ctx.db, {
    form: found.form,
    prefill: found.prefill,
    query: input.query,
    acceptLanguage: ctx.headers.get("accept-language"),
    action: uniqueLinkSubmitPath(found.link.id),
    // A link resumes where its recipient left, on any device.
    resume: input.rerender ? null : await resumePoint(ctx.db, pagesOf(found.form), ctx.headers, found.link.id),
    ...input.rerender,
  });
});
