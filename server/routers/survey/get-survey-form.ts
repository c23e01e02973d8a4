import "server-only";
import { z } from "zod";
import { surveySubmitPath } from "@/lib/app-paths";
import { findSurveyPrefill, getSurveyFormOrThrow } from "@/server/services/survey/survey-target";
import { buildSurveyView } from "@/server/services/survey/survey-view";
import { surveyProcedure } from "@/server/trpc";
import { pagesOf } from "@/server/services/survey/answers/validator-cache";
import { resumePoint } from "@/server/services/survey/partial-responses";
import { ZRerender, ZSurveyId, ZSurveyQuery } from "./shared";
import { gatePage, publishingOf } from "@/server/services/publishing/form-gates";
import { surveyCaptchaOf } from "@/server/services/publishing/captcha";

export const ZGetSurveyFormInput = z.object({
  formUuid: ZSurveyId,
  // One too long to be an id is no prefill, like an unknown one: the form opens empty.
  prefillId: z.string().max(200).optional().catch(undefined).describe("`?_prefill=`: a prefill of this form (not a unique link's)"),
  query: ZSurveyQuery.default({}),
  rerender: ZRerender,
});

/**
 * `GET /f/<form_uuid>`: a published, non-trashed form ready to render, or the page that says why it
 * takes no answers now (closed, not open yet, answered from this browser); 404 otherwise.
 */
export const getSurveyFormRoute = surveyProcedure.input(ZGetSurveyFormInput).query(async ({ ctx, input }) => {
  const form = await getSurveyFormOrThrow(ctx.db, input.formUuid);
  const gate = await gatePage(ctx.db, form, ctx.headers, null);
  if (gate) return gate;
  const prefill = await findSurveyPrefill(ctx.db, form.id, input.prefillId);
  return buildSurveyView(ctx.db, {
    form,
    prefill,
    query: input.query,
    acceptLanguage: ctx.headers.get("accept-language"),
    action: surveySubmitPath(form.uuid),
    captcha: surveyCaptchaOf({ uuid: form.uuid, publishing: publishingOf(form) }),
    // The same browser resumes where it left (its respondent cookie).
    resume: input.rerender ? null : await resumePoint(ctx.db, pagesOf(form), ctx.headers, null),
    ...input.rerender,
  });
});
