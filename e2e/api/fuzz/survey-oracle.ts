import type { SurveyRequest } from "./survey-requests";

/**
 * What every answer of a survey route must be (README, "Survey pages"): never a 5xx, a status
 * from the documented set, and the shape the request's own language calls for —
 * - a JSON submit, and any error to a submit that is not a form post: `{message}` JSON
 *   (a 422 adds `errors`; a success is 201 `{id}`);
 * - a form post: the survey page (200 for a list change, 404, 410, 422, 429), a 303 to the
 *   form's thank-you page, or `{message}` JSON for the errors that have no page (400, 413);
 * - a page (`GET /f/…`, `GET|HEAD /u/…`): the page (200, 404, 410), or `{message}` JSON for a
 *   path that cannot be read (400).
 * Never text/plain.
 */

export type SurveyAnswer = { status: number; type: string; text: string; location?: string; sentPath: string };

const FORM_POST_PAGES = new Set([200, 404, 410, 422, 429]);
const PAGE_STATUSES = new Set([200, 404, 410]);
const SUBMIT_STATUSES = new Set([201, 303, 400, 404, 410, 413, 415, 422, 429]);

/** Next.js answers a path with repeated or trailing slashes (an empty id) with a 308 to the path without them. */
const normalizedSlashes = (path: string) => path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");

function jsonProblem(answer: SurveyAnswer): string | null {
  if (!answer.type.startsWith("application/json")) return `answered ${answer.status} with content-type "${answer.type}" (expected JSON)`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} with a body that is not JSON`;
  }
  const record = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  if (answer.status === 201) return typeof record.id === "string" && Object.keys(record).length === 1 ? null : "201 without {id}";
  if (typeof record.message !== "string" || record.message === "") return `answered ${answer.status} without {message}`;
  if (
    answer.status === 422 &&
    !(Array.isArray(record.errors) && record.errors.every((e) => typeof e?.field === "string" && typeof e?.message === "string"))
  ) {
    return "422 without errors[{field, message}]";
  }
  return null;
}

function pageProblem(req: SurveyRequest, answer: SurveyAnswer): string | null {
  if (!answer.type.startsWith("text/html"))
    return `answered ${answer.status} with content-type "${answer.type}" (expected the survey page)`;
  if (req.method === "HEAD") return answer.text === "" ? null : "HEAD answered with a body";
  if (!answer.text.includes("<html")) return `answered ${answer.status} with text/html that is no page`;
  if (answer.status === 422 && !answer.text.includes("There is a problem")) return "422 page without its error summary";
  return null;
}

/** The problem with an answer, or null when the contract allows it. */
export function surveyProblem(req: SurveyRequest, answer: SurveyAnswer, formUuid: string): string | null {
  const { status } = answer;
  if (status >= 500) return `answered ${status}`;
  if (status === 308) {
    const to = answer.location ? new URL(answer.location, "http://x").pathname : "";
    return answer.sentPath !== normalizedSlashes(answer.sentPath) && to === normalizedSlashes(answer.sentPath)
      ? null
      : `redirected to ${answer.location}`;
  }
  const formPost = req.body?.kind === "urlencoded" || req.body?.kind === "multipart";

  if (req.method === "HEAD" && status === 400)
    return answer.type.startsWith("application/json") && answer.text === "" ? null : `HEAD answered 400 (${answer.type})`;
  if (req.method !== "POST") {
    if (status === 400) return jsonProblem(answer);
    return PAGE_STATUSES.has(status) ? pageProblem(req, answer) : `a page answered ${status}`;
  }
  if (!SUBMIT_STATUSES.has(status) && !(formPost && status === 200)) return `a submit answered ${status}`;
  if (status === 303) {
    if (!formPost) return "303 to a submit that is not a form post";
    // A unique link's recipient is thanked on the link's address; the public form's on the form's.
    const link = /^\/u\/([^/?#]+)\/submit/.exec(req.target)?.[1];
    const thanks = link ? `/u/${link}/thanks` : `/f/${formUuid}/thanks`;
    return answer.location === thanks ? null : `303 to ${answer.location}`;
  }
  if (status === 201 && req.body?.kind !== "json") return "201 to a submit that is not JSON";
  if (formPost && FORM_POST_PAGES.has(status)) return pageProblem(req, answer);
  return jsonProblem(answer);
}
