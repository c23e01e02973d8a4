import "server-only";
import { AppError } from "@/lib/errors";
import { bodyKind } from "@/server/http/body-kind";
import { responseSecurityHeaders } from "@/server/http/security-headers";
import { readBody } from "@/server/rest/adapter";
import { shapeError } from "@/server/rest/errors";
import { logError } from "@/server/log";

/**
 * The HTTP edge of `POST /f/<form_uuid>/submit` and `POST /u/<link_id>/submit`: which body
 * it is (JSON for headless use; form posts from the survey page or the owner's own HTML
 * form), at most 1 MB, and JSON answers with CORS so the owner's front end may call it from
 * any origin (no cookies are involved). Errors are `{message}`.
 */
export type SubmitRequestBody = { kind: "json"; submission: unknown } | { kind: "form"; fields: [string, string][] };

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset",
};

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "Content-Type",
      "access-control-max-age": "86400",
    },
  });
}

/** Reads and sorts the body; throws AppError 413 (over 1 MB), 415 (another type) or 400 (broken JSON). */
export async function readSubmitRequest(request: Request): Promise<SubmitRequestBody> {
  const type = request.headers.get("content-type")?.trim() ?? "";
  const kind = bodyKind(type);
  if (!kind) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send application/json, application/x-www-form-urlencoded or multipart/form-data");
  }
  const text = await readBody(request);
  if (kind === "json") {
    try {
      return { kind: "json", submission: JSON.parse(text) };
    } catch {
      throw new AppError("BAD_REQUEST", "Request body is not valid JSON");
    }
  }
  if (kind === "urlencoded") return { kind: "form", fields: [...new URLSearchParams(text)] };
  let form: FormData;
  try {
    form = await new Response(text, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid multipart/form-data");
  }
  // Files are no answer to any element type: they are left out.
  const fields: [string, string][] = [];
  form.forEach((value, name) => {
    if (typeof value === "string") fields.push([name, value]);
  });
  return { kind: "form", fields };
}

/** A JSON answer of the submit endpoint, with CORS and the security headers. */
export function submitJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...surveySecurityHeaders(),
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...CORS_HEADERS,
      ...headers,
    },
  });
}

/**
 * A JSON submit does not pass the request hook (proxy.ts's matcher), so its answers carry the
 * survey routes' security headers themselves; where the hook did run, its headers stand
 * (Next keeps a header the hook set).
 */
const surveySecurityHeaders = () => responseSecurityHeaders("/f/submit");

/** Any error as the submit endpoint's JSON (`{message}`, 422 adds `errors`); unknown ones are a logged 500. */
export function submitJsonError(error: unknown, where: string): Response {
  const shaped = shapeError(error, "message", (e) => logError("survey submit failed", e, { where }));
  return submitJson(shaped.status, shaped.body, shaped.headers);
}
