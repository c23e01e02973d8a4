import "server-only";
import { z } from "zod";
import { findSurveyForm } from "@/server/services/survey/survey-target";
import { surveyProcedure } from "@/server/trpc";
import { ZSurveyId } from "./shared";

/**
 * The thank-you page's form name, and the ending `?ending=` names when the form has it (its
 * title and message); null (a plain thank-you) when the form is not available.
 */
export const getSurveyThanksRoute = surveyProcedure
  .input(z.object({ formUuid: ZSurveyId, ending: z.string().max(200).optional().catch(undefined) }))
  .query(async ({ ctx, input }) => {
    const form = await findSurveyForm(ctx.db, input.formUuid);
    if (!form) return null;
    const ending = input.ending === undefined ? undefined : form.settings.endings?.find((e) => e.id === input.ending);
    return { formName: form.name, ending: ending ? { title: ending.title, message: ending.message ?? null } : null };
  });
