import { z } from "zod";
import type { FormElement } from "@/db/schema";
import { formValuesToData, type FormPayload } from "./form-values";
import { createAnswersValidator, type AnswersOptions } from "./validate-answers";

/**
 * The schema Conform parses form posts with (`parseWithZod` from `@conform-to/zod/v4`), on
 * the server and in the page: form fields → v2 data → the answers validator. Issues keep the
 * validator's paths, which are the fields' names (`full_name.first_name`,
 * `colleagues[1].colleague_email`), so each message lands beside its field. `throughPage`
 * checks one step of a multi-page form (the pages up to it).
 */
export function surveyFormSchema(elements: readonly FormElement[], opts: AnswersOptions = {}) {
  const validate = createAnswersValidator(elements);
  return z.unknown().transform((payload, ctx): Record<string, unknown> => {
    const data = formValuesToData(elements, typeof payload === "object" && payload !== null ? (payload as FormPayload) : {});
    const result = validate(data, opts);
    if (result.ok) return result.data;
    for (const issue of result.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  });
}
