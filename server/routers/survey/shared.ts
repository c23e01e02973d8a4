import "server-only";
import { z } from "zod";

/** The survey URL's own query (`?<element id>=<value>`), first value of each name. */
export const ZSurveyQuery = z.record(z.string(), z.string()).describe("Query parameters of the survey URL");

/** What a page re-rendered after a form post keeps: its start token, Conform's reply, a form-level problem. */
export const ZRerender = z
  .object({
    // A posted `_start` too long to be a token is none: the page gets a fresh one.
    startToken: z.string().max(200).nullable().catch(null),
    lastResult: z.unknown(),
    formError: z.string().max(500).nullable(),
    /** The page (step) of a multi-page form to show. */
    page: z.number().int().min(0).max(1_000).optional().catch(undefined),
    /** What a "Save and continue later" post said (lib/survey/save-later.ts). */
    saveLater: z
      .object({ email: z.string().max(254), error: z.string().max(300).nullable(), sent: z.boolean() })
      .optional()
      .catch(undefined),
  })
  .optional()
  .describe("Set when the page answers a form post that did not submit");

/**
 * Form UUID or unique link id as it appears in the URL. One longer than any id names nothing:
 * the same 404 as an unknown id (not a 400 the page routes could not show).
 */
export const ZSurveyId = z
  .string()
  .transform((id) => (id.length > 200 ? "" : id))
  .describe("Form UUID or unique link id as it appears in the URL");
