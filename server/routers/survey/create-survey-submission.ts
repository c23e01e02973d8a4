import "server-only";
import { z } from "zod";
import { HONEYPOT_FIELD } from "@/lib/survey/spam";
import { resolveSubmitTarget, submitResponse, type SubmitBody } from "@/server/services/survey/submit-response";
import { AppError } from "@/lib/errors";
import { surveyProcedure } from "@/server/trpc";
import { submitAttemptLimit } from "./submit-rate-limit";
import { ZSurveyId } from "./shared";
import { isJsonObject } from "@/lib/values/json";

const ENVELOPE = `Request body must be a JSON object: {"data": {"<element id>": <value>, …}, "duration": <seconds, optional>}`;

/** The JSON body of `POST /f/<form_uuid>/submit` and `POST /u/<link_id>/submit`. */
export const ZJsonSubmission = z.strictObject(
  {
    data: z
      .custom<Record<string, unknown>>(isJsonObject, { error: "data is required and must be an object keyed by element id" })
      .describe("Answers keyed by element id, in the shape GET /api/v2/submissions/:id returns"),
    duration: z
      .number({ error: "duration must be a whole number of seconds (0 or more)" })
      .int({ error: "duration must be a whole number of seconds (0 or more)" })
      .min(0, { error: "duration must be a whole number of seconds (0 or more)" })
      .max(2_147_483_647, { error: "duration must be at most 2147483647 seconds" })
      .optional()
      .describe("Seconds the respondent took; under 2 marks the submission as spam"),
    [HONEYPOT_FIELD]: z.unknown().optional().describe("Honeypot: any value marks the submission as spam"),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Unknown propert${iss.keys.length === 1 ? "y" : "ies"} ${iss.keys.map((k) => `'${k.slice(0, 50)}'`).join(", ")} ` +
          `(allowed: data, duration, ${HONEYPOT_FIELD})`
        : ENVELOPE,
  },
);

export const ZCreateSurveySubmissionInput = z.object({
  ref: z.union([z.object({ formUuid: ZSurveyId }), z.object({ linkId: ZSurveyId })]),
  body: z.discriminatedUnion("kind", [
    // Checked in the procedure, so its 400 message is the schema's own (no `body.` path).
    z.object({ kind: z.literal("json"), submission: z.unknown() }),
    z.object({ kind: z.literal("form"), fields: z.array(z.tuple([z.string(), z.string()])) }),
  ]),
});

/**
 * Stores one survey submission (spec'd by issue 10): 404 for a form that is not available,
 * 410 for a closed link, 429 over the per-address limit, 422 with every problem of the
 * answers; otherwise the new submission's id (spam included, answered alike).
 */
export const createSurveySubmissionRoute = surveyProcedure.input(ZCreateSurveySubmissionInput).mutation(async ({ ctx, input }) => {
  const target = await resolveSubmitTarget(ctx.db, input.ref);
  const { body } = input;
  let submitBody: SubmitBody = body as Extract<typeof body, { kind: "form" }>;
  if (body.kind === "json") {
    const parsed = ZJsonSubmission.safeParse(body.submission);
    if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid request body");
    const { data, duration, [HONEYPOT_FIELD]: honeypot } = parsed.data;
    submitBody = { kind: "json", data, duration: duration ?? null, honeypot };
  }
  return submitResponse(ctx.db, target, submitBody, { limit: submitAttemptLimit(ctx, target.form.id), headers: ctx.headers });
});
