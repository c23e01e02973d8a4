import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db";
import { AppError } from "@/server/errors";
import { createSubmission, LinkNotOpenError } from "@/server/services/submissions/create-submission";
import { describeIssues, type SubmissionError } from "./answers/describe-issues";
import { answersValidatorFor, formSchemaFor } from "./answers/validator-cache";
import { durationSeconds, HONEYPOT_FIELD, judgeSpam, START_TOKEN_FIELD } from "./spam";
import { readStartToken } from "./start-token";
import { surveyThanksPath } from "@/server/paths";
import {
  closedLinkReason,
  findSurveyLink,
  getSurveyFormOrThrow,
  linkClosed,
  surveyNotFound,
  type SurveyForm,
} from "./survey-target";

/**
 * One survey submit, whichever way it arrives: a JSON body (`POST …/submit`, headless use)
 * or a form post (the survey page, or an HTML form on the owner's site). Both end in
 * createSubmission; they differ in how answers, duration and the spam signals are read.
 */
export type SubmitRef = { formUuid: string } | { linkId: string };
export type SubmitTarget = { form: SurveyForm; linkId: string | null };

export type SubmitBody =
  | { kind: "json"; data: Record<string, unknown>; duration: number | null; honeypot: unknown }
  | { kind: "form"; fields: readonly (readonly [string, string])[] };

/** Conform's reply to a form post: the posted values (and errors) to render the form with again. */
export type FormReply = Record<string, unknown>;

export type SubmitOutcome =
  | { kind: "stored"; id: string; spam: boolean; thanksPath: string }
  /** A form post that changed a list (add/remove a repeat row, move a ranking item) without JavaScript. */
  | { kind: "redisplay"; reply: FormReply };

export const SUBMISSION_INVALID = "Submission is invalid";

/** 422: every problem of the answers; `reply` re-renders a form post with them. */
export class SubmissionInvalidError extends AppError {
  constructor(
    readonly errors: SubmissionError[],
    readonly reply: FormReply | null,
  ) {
    super("UNPROCESSABLE", SUBMISSION_INVALID, { details: { errors } });
  }
}

/** The form (and link) a submit goes to; 404 when not available, 410 when the link is closed. */
export async function resolveSubmitTarget(db: Db, ref: SubmitRef): Promise<SubmitTarget> {
  if ("formUuid" in ref) return { form: await getSurveyFormOrThrow(db, ref.formUuid), linkId: null };
  const found = await findSurveyLink(db, ref.linkId);
  if (!found) throw surveyNotFound();
  const reason = closedLinkReason(found.link);
  if (reason) throw linkClosed(reason);
  return { form: found.form, linkId: found.link.id };
}

/**
 * `countAttempt` runs once for every real submit attempt, valid or not, before anything is
 * stored; the caller's rate limit throws from it. For valid answers it runs inside the
 * storing transaction (one commit per submit instead of two). A form post that only changes
 * a list is no attempt.
 */
export async function submitResponse(
  db: Db,
  target: SubmitTarget,
  body: SubmitBody,
  opts: { countAttempt: (db: DbOrTx) => Promise<void>; now?: number },
): Promise<SubmitOutcome> {
  const { form } = target;
  const now = opts.now ?? Date.now();
  let data: Record<string, unknown>;
  let elapsedMs: number | null;
  let honeypot: unknown;

  if (body.kind === "json") {
    const result = answersValidatorFor(form)(body.data);
    if (!result.ok) {
      await opts.countAttempt(db);
      throw new SubmissionInvalidError(describeIssues(form.elements, result.issues), null);
    }
    data = result.data;
    elapsedMs = body.duration === null ? null : body.duration * 1000;
    honeypot = body.honeypot;
  } else {
    const params = formParams(body.fields);
    const submission = parseForm(params, formSchemaFor(form));
    if (submission.status === undefined) return { kind: "redisplay", reply: { ...(submission.reply() as FormReply), error: undefined } };
    if (submission.status !== "success") {
      await opts.countAttempt(db);
      throw new SubmissionInvalidError(errorsOfReply(submission.error), submission.reply() as FormReply);
    }
    data = submission.value as Record<string, unknown>;
    const issued = await readStartToken(db, params.get(START_TOKEN_FIELD), form.id, now);
    elapsedMs = issued === null ? null : now - issued;
    honeypot = params.get(HONEYPOT_FIELD) ?? undefined;
  }

  const { spam } = judgeSpam({ honeypot, elapsedMs });
  try {
    const stored = await createSubmission(
      db,
      form,
      {
        formId: form.id,
        organizationId: form.organizationId,
        data,
        duration: elapsedMs === null ? null : durationSeconds(elapsedMs),
        spam,
        uniqueLinkId: target.linkId,
      },
      { beforeInsert: opts.countAttempt },
    );
    return { kind: "stored", id: stored.id, spam, thanksPath: surveyThanksPath(form.uuid) };
  } catch (e) {
    if (!(e instanceof LinkNotOpenError) || !target.linkId) throw e;
    // Another submit of this link won the race (or it closed meanwhile): say which.
    const current = await findSurveyLink(db, target.linkId);
    throw linkClosed((current && closedLinkReason(current.link)) || "completed");
  }
}

/** Bounds Conform's path parsing: a list index this high is never a real row (and would allocate a huge sparse array). */
const HUGE_INDEX_RE = /\[\d{4,}\]/;

/**
 * The posted fields as Conform reads them, minus what would make it throw or work hard: list
 * indexes of 1000 and more, and an `__intent__` that is not one of its list changes.
 */
function formParams(fields: readonly (readonly [string, string])[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of fields) {
    if (HUGE_INDEX_RE.test(name)) continue;
    if (name === "__intent__" && !isListIntent(value)) continue;
    if (name === "__state__") continue;
    params.append(name, value);
  }
  return params;
}

/** Conform throws on a list change it cannot apply (e.g. `insert` into a text field): then the post is read without it. */
function parseForm(params: URLSearchParams, schema: z.ZodType) {
  try {
    return parseWithZod(params, { schema, disableAutoCoercion: true });
  } catch {
    params.delete("__intent__");
    return parseWithZod(params, { schema, disableAutoCoercion: true });
  }
}

function isListIntent(raw: string): boolean {
  try {
    const intent = JSON.parse(raw) as { type?: unknown; payload?: { name?: unknown } };
    return ["insert", "remove", "reorder"].includes(String(intent?.type)) && typeof intent.payload?.name === "string";
  } catch {
    return false;
  }
}

/** A form post's reply carrying one problem of the whole form (e.g. too many submits). */
export function replyWithFormError(fields: readonly (readonly [string, string])[], message: string): FormReply {
  // Nothing to validate: the reply only carries the posted values back with the message.
  const submission = parseForm(formParams(fields), z.unknown());
  return submission.reply({ formErrors: [message] }) as FormReply;
}

function errorsOfReply(error: Record<string, string[] | null> | null | undefined): SubmissionError[] {
  return Object.entries(error ?? {}).flatMap(([name, messages]) =>
    (messages ?? []).map((message) => ({ field: name.split(/[.[]/)[0] ?? name, message })),
  );
}
