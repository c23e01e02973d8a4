import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Db, DbOrTx } from "@/db";
import { AppError } from "@/server/errors";
import { createSubmission, LinkNotOpenError } from "@/server/services/submissions/create-submission";
import { inputProblem } from "@/server/http/input-guard";
import { describeIssues, type SubmissionError } from "./answers/describe-issues";
import { fieldProblems, readFormFields, type FieldElement } from "./answers/form-fields";
import { answersValidatorFor, formSchemaFor, type SurveyFormSchema } from "./answers/validator-cache";
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

/**
 * A form post read as Conform reads it, after the fields' naming rules (answers/form-fields.ts):
 * an element posted in a wrong shape, or a name Conform cannot hold, is refused with its
 * problem (422), and Conform never sees — nor echoes back to the page — what the page cannot show.
 */
function parseForm(params: URLSearchParams, form: SurveyFormSchema): FormSubmission {
  const read = readFormFields(form.elements, [...params]);
  const submission = parseConform(new URLSearchParams(read.fields), form.schema);
  const problems = fieldProblems(read, form.validate);
  return problems ? withProblems(submission, problems, form.elements) : submission;
}

type FormSubmission = Submission<unknown, string[], unknown>;

/** Conform throws on a list change it cannot apply (e.g. `insert` into a text field): then the post is read without it. */
function parseConform(params: URLSearchParams, schema: z.ZodType): FormSubmission {
  try {
    return parseWithZod(params, { schema, disableAutoCoercion: true });
  } catch {
    params.delete("__intent__");
    return parseWithZod(params, { schema, disableAutoCoercion: true });
  }
}

/** A submission that also carries the field reader's problems: never a success; a list change stays one. */
function withProblems(submission: FormSubmission, problems: Record<string, string[]>, elements: readonly FieldElement[]): FormSubmission {
  const ids = Object.keys(problems).filter((id) => id !== "");
  // In the form's order, as the validator lists its own problems and a respondent reads the page.
  const order = new Map(elements.map((e, i) => [e.id, i] as const));
  const rank = (name: string) => (name === "" ? -1 : (order.get(name.split(/[.[]/)[0]!) ?? order.size));
  const merged = (error: Record<string, string[] | null> | null | undefined) => {
    const out: Record<string, string[] | null> = {};
    // The problem of a wrong-shaped element replaces what the validator said of its missing parts.
    const kept = Object.entries(error ?? {}).filter(([name]) => !ids.some((id) => name === id || name.startsWith(`${id}.`) || name.startsWith(`${id}[`)));
    const entries = [...kept, ...Object.entries(problems)].sort(([a], [b]) => rank(a) - rank(b));
    for (const [name, messages] of entries) {
      // Both may speak for the whole form (""). Defined, not assigned: an element id may be any text, `__proto__` too.
      const before: string[] | null | undefined = Object.getOwnPropertyDescriptor(out, name)?.value;
      const value = before ? [...before, ...(messages ?? [])] : messages;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return {
    status: submission.status === undefined ? undefined : "error",
    payload: submission.payload,
    error: merged(submission.status === "success" ? null : submission.error),
    reply(options) {
      const reply = submission.reply(options);
      return { ...reply, status: reply.status && "error", error: merged(reply.error) };
    },
  };
}

function isListIntent(raw: string): boolean {
  try {
    const intent = JSON.parse(raw) as { type?: unknown; payload?: { name?: unknown } };
    // Its values go back to the page: no NUL, no lone surrogate, no deep nesting (the input guard's rules).
    if (inputProblem(intent)) return false;
    return ["insert", "remove", "reorder"].includes(String(intent?.type)) && typeof intent.payload?.name === "string";
  } catch {
    return false;
  }
}

/**
 * A form post's reply carrying one problem of the whole form (e.g. too many submits): the
 * posted values the form's fields can show, read by the same rules as a submit.
 */
export function replyWithFormError(elements: readonly FieldElement[], fields: readonly (readonly [string, string])[], message: string): FormReply {
  const read = readFormFields(elements, [...formParams(fields)]);
  // Nothing to validate: the reply only carries the posted values back with the message.
  const submission = parseConform(new URLSearchParams(read.fields), z.unknown());
  return submission.reply({ formErrors: [message] }) as FormReply;
}

function errorsOfReply(error: Record<string, string[] | null> | null | undefined): SubmissionError[] {
  return Object.entries(error ?? {}).flatMap(([name, messages]) =>
    (messages ?? []).map((message) => ({ field: name.split(/[.[]/)[0] ?? name, message })),
  );
}
