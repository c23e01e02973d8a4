import { z } from "zod";

/** The survey URL's own query (`?<element id>=<value>`), first value of each name. */
export const ZSurveyQuery = z.record(z.string(), z.string()).describe("Query parameters of the survey URL");

/** What a page re-rendered after a form post keeps: its start token, Conform's reply, a form-level problem. */
export const ZRerender = z
  .object({
    startToken: z.string().max(200).nullable(),
    lastResult: z.unknown(),
    formError: z.string().max(500).nullable(),
  })
  .optional()
  .describe("Set when the page answers a form post that did not submit");

export const ZSurveyId = z.string().max(200).describe("Form UUID or unique link id as it appears in the URL");
