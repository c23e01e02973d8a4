import { logError } from "@/server/log";
import { appErrorOf } from "@/server/routers/survey/app-error";
import { surveyCaller } from "@/server/routers/survey/router";
import { readSubmitRequest, submitJson, submitJsonError, type SubmitRequestBody } from "@/server/rest/survey/submit-request";
import { START_TOKEN_FIELD } from "@/lib/survey/spam";
import { replyWithFormError, SubmissionInvalidError, type SubmitRef } from "@/server/services/survey/submit-response";
import { CLOSED_LINK_ADVICE, LinkClosedError } from "@/server/services/survey/survey-target";
import { respondentCookieHeader } from "@/server/services/survey/partial-responses";
import type { AppError } from "@/lib/errors";
import type { SaveLaterState } from "@/lib/survey/save-later";
import type { SurveyFormView } from "@/server/services/survey/survey-view";
import { surveyPageResponse, type SurveyPageView } from "./render-page";
import { embedPath } from "./embed-mode";
import { closedNotice, FormClosedError, onceCookieHeader } from "@/server/services/publishing/form-gates";
import { CaptchaError } from "@/server/services/publishing/captcha";
import { db } from "@/db";
import { hookHeadersFor, readUploadSubmit } from "@/server/uploads/submit-files";
import { discardUnlinked } from "@/server/uploads/answer-files";
import { isUploadRefusal, type MultipartSubmit } from "@/server/uploads/multipart-submit";

/**
 * The survey route handlers' common part: call the survey procedure, then answer in the
 * request's own language — JSON for JSON, the survey page (or a 303 to the thank-you page)
 * for form posts.
 */

type Caller = ReturnType<typeof surveyCaller>;
type Rerender = { startToken: string | null; lastResult: unknown; formError: string | null; page?: number; saveLater?: SaveLaterState };

/** `POST /f/<form_uuid>/submit`, `POST /u/<link_id>/submit`. */
export async function submitRoute(incoming: Request, ref: SubmitRef): Promise<Response> {
  // A multipart post (files) passes by the request hook: its answers get the hook's headers here.
  const hooked = await hookHeadersFor(incoming);
  return hooked.finish(await submitRead(incoming, hooked.request, ref));
}

async function submitRead(incoming: Request, request: Request, ref: SubmitRef): Promise<Response> {
  let body: SubmitRequestBody;
  let upload: MultipartSubmit | null = null;
  try {
    upload = await readUploadSubmit(incoming, ref);
    body = upload ? { kind: "form", fields: upload.fields } : await readSubmitRequest(incoming);
  } catch (error) {
    const refused = appErrorOf(error);
    if (!isUploadRefusal(error)) return submitJsonError(error, "read body");
    const response = refused && wantsPage(request) ? await uploadRefusedPage(request, ref, refused) : submitJsonError(error, "read body");
    // A body refused midway is not read on: the connection ends with this answer.
    response.headers.set("connection", "close");
    return response;
  }
  // An API client's multipart post with files is answered in JSON, as a JSON submit is; a browser's gets pages.
  const response = await submitBody(request, ref, body, body.kind === "json" || (upload !== null && !wantsPage(request)));
  // Files no submission took go now: a hidden field's, or those of a post that stored nothing and shows no
  // form to carry them (a page shown again keeps them as upload tokens; the day's cleanup takes the rest).
  const page = response.headers.get("content-type")?.startsWith("text/html");
  const stored = response.status === 201 || response.status === 303;
  if (upload?.fileIds.length && (stored || (response.status >= 400 && !page))) await discardUnlinked(db(), upload.fileIds);
  return response;
}

async function submitBody(request: Request, ref: SubmitRef, body: SubmitRequestBody, answerJson: boolean): Promise<Response> {
  const caller = surveyCaller(request.headers);
  try {
    const outcome = await caller.submissions.create({
      ref,
      body: body.kind === "json" ? { kind: "json", submission: body.submission } : body,
    });
    if (outcome.kind === "stored" || outcome.kind === "resent") {
      // A one-per-browser form remembers this browser (server/services/publishing/form-gates.ts).
      const once =
        outcome.kind === "stored" && outcome.onceCookie
          ? { "set-cookie": onceCookieHeader(outcome.onceCookie, new URL(request.url).protocol === "https:") }
          : undefined;
      // `ending` (and `redirectUrl`) only for a form with endings: other forms answer as before.
      if (answerJson) {
        const { ending } = outcome;
        const named = ending ? { ending: ending.id, ...(ending.redirectUrl ? { redirectUrl: ending.redirectUrl } : {}) } : {};
        if (outcome.kind === "resent") throw new Error("a JSON submit carries no post key");
        return submitJson(201, { id: outcome.id, ...named }, once);
      }
      const embedded = new URL(request.url).searchParams.get("embed") === "1";
      const location = outcome.ending?.redirectUrl ?? (embedded ? embedPath(outcome.thanksPath) : outcome.thanksPath);
      return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...once } });
    }
    if (body.kind === "json") throw new Error("a JSON submit cannot redisplay the form");
    // A first completed step gives the browser its respondent id (partial responses).
    const cookie = outcome.newRespondentCookie
      ? { "set-cookie": respondentCookieHeader(outcome.newRespondentCookie, new URL(request.url).protocol === "https:") }
      : undefined;
    return formPage(
      request,
      caller,
      ref,
      { startToken: startToken(body), lastResult: outcome.reply, formError: null, page: outcome.page, saveLater: outcome.saveLater },
      // A save refused (its address, or no mail server) is a 422 like any refused post.
      outcome.saveLater?.error ? 422 : 200,
      cookie,
    );
  } catch (error) {
    const appError = appErrorOf(error);
    if (answerJson || body.kind === "json" || !appError) return submitJsonError(appError ?? error, "submit");
    return formPostError(request, caller, ref, body, appError);
  }
}

/** A browser's form post (it asks for a page); an API client's multipart post gets JSON. */
const wantsPage = (request: Request) => /\btext\/html\b/.test(request.headers.get("accept") ?? "");

/** A file refused as it arrived (size, type, count): the form again, the message beside the field. */
function uploadRefusedPage(request: Request, ref: SubmitRef, error: AppError): Promise<Response> {
  const caller = surveyCaller(request.headers);
  const field = typeof error.path?.[0] === "string" ? error.path[0] : "";
  return formPage(request, caller, ref, { startToken: null, lastResult: null, formError: null }, error.status, undefined, (elements) => {
    const reply = replyWithFormError(elements, [], error.message) as { error?: Record<string, string[]> };
    return field ? { ...reply, error: { [field]: [error.message] } } : reply;
  });
}

/** A form post that was refused, answered with a page: the form again, or why there is none. */
function formPostError(
  request: Request,
  caller: Caller,
  ref: SubmitRef,
  body: Extract<SubmitRequestBody, { kind: "form" }>,
  error: AppError,
) {
  const token = startToken(body);
  switch (error.status) {
    case 404:
    case 410:
      return statusPage(request, error);
    case 400:
      if (!(error instanceof CaptchaError)) break;
      // The CAPTCHA was missing or wrong: the form again with the sentence, to solve it anew.
      return formPage(request, caller, ref, { startToken: token, lastResult: null, formError: null }, 400, undefined, (elements) =>
        replyWithFormError(elements, body.fields, error.message),
      );
    case 403:
      if (!(error instanceof FormClosedError)) break;
      // Closed meanwhile (schedule or cap): the closed page, nothing stored.
      return surveyPageResponse(request, closedNotice(error.publishing, error.closedReason), { status: 403 });
    case 409:
      // One per person: the form again with the sentence, the posted values kept.
      return formPage(request, caller, ref, { startToken: token, lastResult: null, formError: null }, 409, undefined, (elements) =>
        replyWithFormError(elements, body.fields, error.message),
      );
    case 422:
      return formPage(
        request,
        caller,
        ref,
        {
          startToken: token,
          lastResult: (error as SubmissionInvalidError).reply,
          formError: null,
          page: (error as SubmissionInvalidError).page,
        },
        422,
      );
    case 429:
      // The posted values go back with the message, read by the form's own naming rules.
      return formPage(request, caller, ref, { startToken: token, lastResult: null, formError: null }, 429, error.headers, (elements) =>
        replyWithFormError(elements, body.fields, error.message),
      );
  }
  return submitJsonError(error, "submit");
}

/** `GET|HEAD /u/<link_id>`: the link's form (200), not available (404) or closed (410). */
export async function openLinkRoute(request: Request, linkId: string): Promise<Response> {
  const method = request.method === "HEAD" ? "HEAD" : "GET";
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => !k.startsWith("_")));
  try {
    const view = await surveyCaller(request.headers).links.open({ linkId, method, query });
    // A form that takes no answers now (server/services/publishing/form-gates.ts) answers 403 with its page.
    const status = view.kind === "notice" ? 403 : 200;
    if (method === "HEAD")
      return new Response(null, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
    if (view.kind === "notice") return surveyPageResponse(request, view, { status });
    return surveyPageResponse(request, view, { formUuid: view.form.uuid, status: 200 });
  } catch (error) {
    const appError = appErrorOf(error);
    if (!appError || (appError.status !== 404 && appError.status !== 410)) throw error;
    if (method === "HEAD") return new Response(null, { status: appError.status, headers: { "content-type": "text/html; charset=utf-8" } });
    return statusPage(request, appError);
  }
}

/** 404: the "not available" page; 410: the closed link's sentence and what to do. */
function statusPage(request: Request, error: AppError): Promise<Response> {
  const view: SurveyPageView =
    error instanceof LinkClosedError
      ? { kind: "notice", title: error.message, message: CLOSED_LINK_ADVICE[error.reason] }
      : { kind: "not-found" };
  return surveyPageResponse(request, view, { status: error.status });
}

/** The form again with a form post's values, errors or notice (`reply`: a reply made with the form's elements). */
async function formPage(
  request: Request,
  caller: Caller,
  ref: SubmitRef,
  rerender: Rerender,
  status: number,
  headers?: Record<string, string>,
  reply?: (elements: SurveyFormView["form"]["elements"]) => unknown,
) {
  try {
    const view =
      "formUuid" in ref
        ? await caller.forms.get({ formUuid: ref.formUuid, rerender })
        : await caller.links.open({ linkId: ref.linkId, rerender });
    if (view.kind === "notice") return surveyPageResponse(request, view, { status: 403 });
    const shown = reply ? { ...view, lastResult: reply(view.form.elements) } : view;
    return surveyPageResponse(request, shown, { formUuid: view.form.uuid, status, headers });
  } catch (error) {
    // The form closed between the post and this answer.
    const appError = appErrorOf(error);
    if (appError && (appError.status === 404 || appError.status === 410)) return statusPage(request, appError);
    logError("survey page render failed", error);
    throw error;
  }
}

const startToken = (body: Extract<SubmitRequestBody, { kind: "form" }>) =>
  body.fields.find(([name]) => name === START_TOKEN_FIELD)?.[1] ?? null;
