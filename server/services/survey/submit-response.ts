import "server-only";
import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Db } from "@/db";
import { AppError } from "@/lib/errors";
import { createSubmission, type AttemptLimit } from "@/server/services/submissions/create-submission";
import { inputProblem } from "@/server/http/input-guard";
import { describeIssues, type SubmissionError } from "./answers/describe-issues";
import { fieldProblems, readFormFields, type FieldElement } from "./answers/form-fields";
import { answersValidatorFor, formLogicFor, formSchemaFor, type SurveyFormSchema } from "./answers/validator-cache";
import { durationSeconds, HONEYPOT_FIELD, judgeSpam, START_TOKEN_FIELD } from "@/lib/survey/spam";
import { PAGE_FIELD, STEP_FIELD } from "@/lib/survey/survey-elements";
import { formValuesToData, type FormPayload } from "@/lib/answers/form-values";
import type { FormLogic } from "@/lib/logic/form-logic";
import { readStartToken, startTokenKey } from "./start-token";
import { existingRespondentKey, respondentKey, savePartial } from "./partial-responses";
import { surveyThanksPath, uniqueLinkThanksPath } from "@/lib/app-paths";
import { readSaveEmail, SAVE_EMAIL_FIELD, SAVE_LATER_MESSAGES, SAVE_STEP, type SaveLaterState } from "@/lib/survey/save-later";
import { mailConfigured } from "@/server/mail/runtime";
import { mailResumeLink } from "./resume-links";
import { liveSurveyForm, refreshed } from "./live-forms";
import { countRefusedAttempt, tooManySubmitsError } from "./submit-limit";
import { assertCaptchaSolved, CAPTCHA_FIELD, CAPTCHA_HEADER, VENDOR_CAPTCHA_FIELDS } from "@/server/services/publishing/captcha";
import { clientIp } from "@/server/http/client-address";
import { env } from "@/server/env";
import { resolveFileAnswers } from "@/server/uploads/answer-files";
import { FILE_MESSAGES } from "@/lib/uploads/file-rules";
import { closedLinkReason, findSurveyLink, linkClosed, surveyNotFound, type PublishedForm } from "./survey-target";
import {
  alreadyResponded,
  assertScheduleOpen,
  browserResponded,
  emailAlreadyUsed,
  FormClosedError,
  onceCookie,
  publishingOf,
  respondentEmailOf,
  type OnceCookie,
} from "@/server/services/publishing/form-gates";

/**
 * One survey submit, whichever way it arrives: a JSON body (`POST …/submit`, headless use)
 * or a form post (the survey page, or an HTML form on the owner's site). Both end in
 * createSubmission; they differ in how answers, duration and the spam signals are read.
 */
export type SubmitRef = { formUuid: string } | { linkId: string };
export type SubmitTarget = { form: PublishedForm; linkId: string | null };

export type SubmitBody =
  | { kind: "json"; data: Record<string, unknown>; duration: number | null; honeypot: unknown }
  | { kind: "form"; fields: readonly (readonly [string, string])[] };

/** Conform's reply to a form post: the posted values (and errors) to render the form with again. */
export type FormReply = Record<string, unknown>;

export type SubmitOutcome =
  | { kind: "stored"; id: string; spam: boolean; thanksPath: string; ending?: SubmitEnding; onceCookie?: OnceCookie }
  /** The same form post again (a reload or Back, then Submit): stored the first time, thanked again, nothing stored. */
  | { kind: "resent"; thanksPath: string; ending?: SubmitEnding }
  /**
   * A form post that changed a list (add/remove a repeat row, move a ranking item) without
   * JavaScript, or a step of a multi-page form (Next, Back): the page again, at `page`.
   */
  | { kind: "redisplay"; reply: FormReply; page?: number; newRespondentCookie?: string; saveLater?: SaveLaterState };

/** The ending a finished form shows (only for a form with endings): its id, and where it sends the respondent. */
export type SubmitEnding = { id: string | null; redirectUrl?: string };

export const SUBMISSION_INVALID = "Submission is invalid";

/** 422: every problem of the answers; `reply` re-renders a form post with them. */
export class SubmissionInvalidError extends AppError {
  constructor(
    readonly errors: SubmissionError[],
    readonly reply: FormReply | null,
    /** The page of a multi-page form to show the errors on. */
    readonly page?: number,
  ) {
    super("UNPROCESSABLE", SUBMISSION_INVALID, { details: { errors } });
  }
}

/** The form (and link) a submit goes to; 404 when not available, 410 when the link is closed. */
export async function resolveSubmitTarget(db: Db, ref: SubmitRef): Promise<SubmitTarget> {
  if ("formUuid" in ref) return { form: (await liveSurveyForm(db, ref.formUuid)) ?? throwNotFound(), linkId: null };
  return linkTarget(db, ref.linkId);
}

async function linkTarget(db: Db, linkId: string): Promise<SubmitTarget> {
  const found = await findSurveyLink(db, linkId);
  if (!found) throw surveyNotFound();
  const reason = closedLinkReason(found.link);
  if (reason) throw linkClosed(reason);
  return { form: found.form, linkId: found.link.id };
}

/** A form changed under a submit more often than this in a row: the submit gives up (a 500). */
const MAX_FORM_CHANGES = 3;

/**
 * Checks the answers in memory against the target's form and stores them in one statement
 * (createSubmission), which also counts the attempt against `limit`. When the form changed
 * meanwhile (a publish elsewhere, or a stale cached copy), it is read again and the answers
 * checked against it. Refused answers count as an attempt too, in a statement of their own. A
 * form post that only changes a list is no attempt.
 */
export async function submitResponse(
  db: Db,
  target: SubmitTarget,
  body: SubmitBody,
  opts: { limit: AttemptLimit; now?: number; headers?: Headers },
): Promise<SubmitOutcome> {
  const now = opts.now ?? Date.now();
  const headers = opts.headers ?? new Headers();
  for (let changes = 0; ; changes++) {
    const { form } = target;
    // Closed, not open yet, or this browser has answered: nothing is read (server/services/publishing/).
    assertScheduleOpen(form, new Date(now));
    if (!target.linkId && (await browserResponded(db, form, headers))) throw alreadyResponded();
    const answers = await readAnswers(db, form, body, now, mailConfigured());
    if (answers.kind === "redisplay") {
      const { save, saveTo, ...shown } = answers;
      if (!save) return shown;
      // A completed step: the answers so far, kept for this respondent (partial-responses.ts).
      const who = respondentKey(headers, target.linkId);
      const keep = { formId: form.id, organizationId: form.organizationId, key: who.key, ...save };
      if (saveTo) {
        // "Save and continue later": the answers and the mailed link to them commit together (resume-links.ts).
        await db.transaction(async (tx) =>
          mailResumeLink(tx, { form, partialId: await savePartial(tx, keep), linkId: target.linkId, to: saveTo }),
        );
      } else await savePartial(db, keep);
      return who.newCookie ? { ...shown, newRespondentCookie: who.newCookie } : shown;
    }
    if (answers.kind === "invalid") {
      await countRefusedAttempt(db, opts.limit);
      throw answers.error;
    }
    // The form's CAPTCHA (not a unique link's: the link is the credential), before anything is stored.
    if (!target.linkId)
      await assertCaptchaSolved(db, { uuid: form.uuid, publishing: publishingOf(form) }, captchaSolution(body, headers), remoteIp(headers));
    // File answers: upload tokens become the stored files the statement links (server/uploads/answer-files.ts).
    const files = await resolveFileAnswers(db, form, answers.data);
    if (!files.ok) throw new SubmissionInvalidError(files.errors, null);
    const { spam } = judgeSpam({ honeypot: answers.honeypot, elapsedMs: answers.elapsedMs });
    const input = {
      formId: form.id,
      organizationId: form.organizationId,
      data: files.data,
      fileIds: files.fileIds,
      duration: answers.elapsedMs === null ? null : durationSeconds(answers.elapsedMs),
      spam,
      uniqueLinkId: target.linkId,
      // The respondent's partial of a multi-page form is finished by the same statement.
      partialKey: formLogicFor(form).pages.length > 1 ? existingRespondentKey(headers, target.linkId) : null,
      postKey: answers.postKey ?? null,
      // Spam claims no address.
      respondentEmail: spam ? null : respondentEmailOf(form, answers.data),
    };
    const publishing = publishingOf(form);
    const guards = { formVersion: form.version, attempts: opts.limit, maxResponses: publishing.maxResponses };
    const outcome = await createSubmission(db, form, input, guards);
    switch (outcome.kind) {
      case "stored": {
        const cookie = await onceCookie(db, form, target.linkId);
        const stored = { kind: "stored" as const, id: outcome.submission.id, spam, ...endingOf(form, answers.data, target.linkId) };
        return cookie ? { ...stored, onceCookie: cookie } : stored;
      }
      case "already-stored":
        return { kind: "resent", ...endingOf(form, answers.data, target.linkId) };
      case "full":
        throw new FormClosedError("full", publishing);
      case "email-taken":
        throw emailAlreadyUsed(publishing.onePerPersonField!);
      case "files-gone":
        throw new SubmissionInvalidError(
          outcome.fields.map((field) => ({ field, message: FILE_MESSAGES.gone })),
          null,
        );
      case "too-many":
        throw tooManySubmitsError(opts.limit, outcome.resetSeconds);
      case "link-closed": {
        // Another submit of this link won the race (or it closed meanwhile): say which.
        const current = await findSurveyLink(db, target.linkId!);
        throw linkClosed((current && closedLinkReason(current.link)) || "completed");
      }
      case "form-changed":
        if (changes + 1 >= MAX_FORM_CHANGES) throw new Error(`form ${form.id} changed under ${MAX_FORM_CHANGES} submits in a row`);
        target = target.linkId
          ? await linkTarget(db, target.linkId)
          : { form: (await refreshed(db, form.uuid)) ?? throwNotFound(), linkId: null };
    }
  }
}

/**
 * Where a finished form goes: today's thank-you page, or the ending its answers lead to. A unique
 * link's recipient is thanked on the link's own address, which does not show the public form's.
 */
function endingOf(
  form: PublishedForm,
  data: Record<string, unknown>,
  linkId: string | null,
): { thanksPath: string; ending?: SubmitEnding } {
  const logic = formLogicFor(form);
  const thanksPath = linkId ? uniqueLinkThanksPath(linkId) : surveyThanksPath(form.uuid);
  if (!logic.endings.length) return { thanksPath };
  const ending = logic.ending(data);
  if (!ending) return { thanksPath, ending: { id: null } };
  return {
    thanksPath: `${thanksPath}?ending=${encodeURIComponent(ending.id)}`,
    ending: { id: ending.id, ...(ending.redirectUrl ? { redirectUrl: ending.redirectUrl } : {}) },
  };
}

type Answers =
  | { kind: "valid"; data: Record<string, unknown>; elapsedMs: number | null; honeypot: unknown; postKey?: string | null }
  | { kind: "invalid"; error: SubmissionInvalidError }
  | { kind: "redisplay"; reply: FormReply; page?: number; save?: PartialStep; saveTo?: string; saveLater?: SaveLaterState };

/** What a completed step keeps: the answers checked so far, the posted values, the page to resume on. */
type PartialStep = { data: Record<string, unknown>; formValues: Record<string, unknown>; page: number };

/** The answers of a body checked against the form, with the spam signals it carries. */
async function readAnswers(db: Db, form: PublishedForm, body: SubmitBody, now: number, mailOn: boolean): Promise<Answers> {
  if (body.kind === "json") {
    const result = answersValidatorFor(form)(body.data);
    if (!result.ok) return { kind: "invalid", error: new SubmissionInvalidError(describeIssues(form.elements, result.issues), null) };
    return { kind: "valid", data: result.data, elapsedMs: body.duration === null ? null : body.duration * 1000, honeypot: body.honeypot };
  }
  const params = formParams(body.fields);
  const logic = formLogicFor(form);
  const step = logic.pages.length > 1 ? readStep(params, logic.pages.length) : null;
  if (step) return stepAnswers(form, params, step, mailOn);
  const submission = parseForm(params, formSchemaFor(form));
  if (submission.status === undefined) {
    return { kind: "redisplay", reply: { ...(submission.reply() as FormReply), error: undefined }, page: postedPage(params, logic) };
  }
  if (submission.status !== "success") {
    const errors = errorsOfReply(submission.error);
    // The first page with a problem (a crafted post may skip a step).
    const page = Math.min(...errors.map((e) => pageOf(logic, e.field)), logic.pages.length - 1);
    return { kind: "invalid", error: new SubmissionInvalidError(errors, submission.reply() as FormReply, page) };
  }
  const issued = await readStartToken(db, params.get(START_TOKEN_FIELD), form.id, now);
  return {
    kind: "valid",
    data: submission.value as Record<string, unknown>,
    elapsedMs: issued === null ? null : now - issued,
    honeypot: params.get(HONEYPOT_FIELD) ?? undefined,
    postKey: issued === null ? null : startTokenKey(params.get(START_TOKEN_FIELD)!),
  };
}

type Step = { page: number; move: "next" | "back" | typeof SAVE_STEP };

/** Next, Back or Save of a multi-page form's form post: `_step` (the button) and `_page` (the page it was on). */
function readStep(params: URLSearchParams, pages: number): Step | null {
  const move = params.get(STEP_FIELD);
  if (move !== "next" && move !== "back" && move !== SAVE_STEP) return null;
  const page = Number(params.get(PAGE_FIELD));
  return { page: Number.isInteger(page) && page >= 0 && page < pages ? page : 0, move };
}

const postedPage = (params: URLSearchParams, logic: FormLogic) => readStep(params, logic.pages.length)?.page ?? pageFrom(params, logic);
const pageFrom = (params: URLSearchParams, logic: FormLogic) => {
  const page = Number(params.get(PAGE_FIELD));
  return Number.isInteger(page) && page >= 0 && page < logic.pages.length ? page : 0;
};
const pageOf = (logic: FormLogic, elementId: string) => logic.pages.find((p) => p.elements.some((e) => e.id === elementId))?.index ?? 0;

/**
 * A step: Back shows the previous page shown for these answers, unchecked; Next checks the
 * pages so far (the server decides, as for a submit) and shows the next page shown, or the
 * same page with its problems. Nothing is stored.
 */
function stepAnswers(form: PublishedForm, params: URLSearchParams, step: Step, mailOn: boolean): Answers {
  const logic = formLogicFor(form);
  const submission = parseForm(params, formSchemaFor(form, step.page));
  const redisplay = (page: number): Extract<Answers, { kind: "redisplay" }> => ({
    kind: "redisplay",
    reply: { ...(submission.reply() as FormReply), status: undefined, error: undefined },
    page,
  });
  if (submission.status === undefined) return redisplay(step.page);
  const answers = formValuesToData(form.elements, (submission.payload ?? {}) as FormPayload);
  const shown = logic.shownPages(submission.status === "success" ? (submission.value as Record<string, unknown>) : answers);
  if (step.move === "back") return redisplay([...shown].reverse().find((p) => p < step.page) ?? 0);
  if (step.move === SAVE_STEP) return saveStep(form, params, step, mailOn, submission, shown, redisplay);
  if (submission.status !== "success") {
    const errors = errorsOfReply(submission.error);
    return { kind: "invalid", error: new SubmissionInvalidError(errors, submission.reply() as FormReply, step.page) };
  }
  const next = shown.find((p) => p > step.page) ?? step.page;
  const save = { data: submission.value as Record<string, unknown>, formValues: (submission.payload ?? {}) as FormPayload, page: next };
  return { ...redisplay(next), save };
}

/**
 * Save (and continue later): a bad address or no mail server gives the page again with the
 * problem, nothing kept. Otherwise the answers are kept whatever their state: a complete page
 * is a step forward (the link resumes on the next page), an incomplete one stays, its posted
 * values kept as typed and only the pages before it counted as answered.
 */
function saveStep(
  form: PublishedForm,
  params: URLSearchParams,
  step: Step,
  mailOn: boolean,
  submission: FormSubmission,
  shown: number[],
  redisplay: (page: number) => Extract<Answers, { kind: "redisplay" }>,
): Answers {
  const posted = params.get(SAVE_EMAIL_FIELD) ?? "";
  const email = readSaveEmail(posted);
  if ("error" in email || !mailOn) {
    const error = "error" in email ? email.error : SAVE_LATER_MESSAGES.unavailable;
    return { ...redisplay(step.page), saveLater: { email: posted.slice(0, 254), error, sent: false } };
  }
  const complete = submission.status === "success";
  const page = complete ? (shown.find((p) => p > step.page) ?? step.page) : step.page;
  const before = step.page > 0 ? parseForm(params, formSchemaFor(form, step.page - 1)) : null;
  const data = complete ? submission.value : before?.status === "success" ? before.value : {};
  const { [SAVE_EMAIL_FIELD]: _address, ...formValues } = (submission.payload ?? {}) as FormPayload;
  return {
    ...redisplay(page),
    save: { data: data as Record<string, unknown>, formValues, page },
    saveTo: email.email,
    saveLater: { email: email.email, error: null, sent: true },
  };
}

function throwNotFound(): never {
  throw surveyNotFound();
}

/** The CAPTCHA solution a submit carries: a form post's field, a JSON submit's header. */
function captchaSolution(body: SubmitBody, headers: Headers): string | null {
  if (body.kind === "json") return headers.get(CAPTCHA_HEADER)?.trim() || null;
  const names = [CAPTCHA_FIELD, ...VENDOR_CAPTCHA_FIELDS] as readonly string[];
  return body.fields.find(([name, value]) => names.includes(name) && value.trim() !== "")?.[1].trim() ?? null;
}

const remoteIp = (headers: Headers) => clientIp(headers, env().TRUST_PROXY);

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
    // A vendor CAPTCHA's own field is no answer (captcha.ts reads it).
    if ((VENDOR_CAPTCHA_FIELDS as readonly string[]).includes(name)) continue;
    params.append(name, value);
  }
  return params;
}

/**
 * A form post read as Conform reads it, after the fields' naming rules (server/services/survey/answers/form-fields.ts):
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
    const within = (name: string, id: string) => name === id || name.startsWith(`${id}.`) || name.startsWith(`${id}[`);
    const kept = Object.entries(error ?? {}).filter(([name]) => !ids.some((id) => within(name, id)));
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
export function replyWithFormError(
  elements: readonly FieldElement[],
  fields: readonly (readonly [string, string])[],
  message: string,
): FormReply {
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
