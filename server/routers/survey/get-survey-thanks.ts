import "server-only";
import { z } from "zod";
import { findSurveyForm } from "@/server/services/survey/survey-target";
import { surveyProcedure } from "@/server/trpc";
import { ZSurveyId } from "./shared";

/** The thank-you page's form name; null (a plain thank-you) when the form is not available. */
export const getSurveyThanksRoute = surveyProcedure.input(z.object({ formUuid: ZSurveyId })).query(async ({ ctx, input }) => {
  const form = await findSurveyForm(ctx.db, input.formUuid);
  return form ? { formName: form.name } : null;
});
