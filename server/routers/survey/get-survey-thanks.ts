import "server-only";
import { z } from "zod";
import { findSurveyForm, findSurveyLink } from "@/server/services/survey/survey-target";
import { surveyProcedure } from "@/server/trpc";
import { ZSurveyId } from "./shared";

/**
 * The thank-you page's form name, and the ending `?ending=` names when the form has it (its
 * title and message); null (a plain thank-you) when the form is not available. The form is named
 * by its UUID (`/f/<uuid>/thanks`) or by the unique link that was answered (`/u/<id>/thanks`).
 */
export const getSurveyThanksRoute = surveyProcedure
  .input(
    z.object({
      formUuid: ZSurveyId.optional(),
      linkId: ZSurveyId.optional(),
      ending: z.string().max(200).optional().catch(undefined),
    }),
  )
  .query(async ({ ctx, input }) => {
    const form = input.linkId
      ? (await findSurveyLink(ctx.db, input.linkId))?.form
      : input.formUuid
        ? await findSurveyForm(ctx.db, input.formUuid)
        : null;
    if (!form) return null;
    const ending = input.ending === undefined ? undefined : form.settings.endings?.find((e) => e.id === input.ending);
    return { formName: form.name, ending: ending ? { title: ending.title, message: ending.message ?? null } : null };
  });
