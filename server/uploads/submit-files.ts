import "server-only";
import { framePolicyOrNone } from "@/server/services/publishing/frame-policy";
import { db } from "@/db";
import { bodyKind } from "@/server/http/body-kind";
import { responseSecurityHeaders } from "@/server/http/security-headers";
import { resolveSubmitTarget, type SubmitRef } from "@/server/services/survey/submit-response";
import { readMultipartSubmit, takesFiles, type MultipartSubmit } from "./multipart-submit";

/**
 * The submit routes' door to uploads: a multipart post to a form with a file-upload field is
 * read by the streaming reader (multipart-submit.ts); anything else (JSON, urlencoded, a
 * multipart post to a form without files, or to a form that is not available) returns null
 * and is read exactly as before.
 */
export async function readUploadSubmit(request: Request, ref: SubmitRef): Promise<MultipartSubmit | null> {
  if (bodyKind(request.headers.get("content-type")) !== "multipart") return null;
  const target = await resolveSubmitTarget(db(), ref).catch(() => null);
  if (!target || !takesFiles(target.form.elements)) return null;
  return readMultipartSubmit(db(), request, target);
}

/**
 * A multipart submit passes by the request hook (proxy.ts), which would copy the whole body
 * into memory for itself (and cut it at 10 MB): the route gives its answers the hook's headers
 * instead, and the page it may render the hook's CSP nonce. `request` is for rendering only
 * (headers, no body); `finish` puts the headers on the answer.
 */
export async function hookHeadersFor(request: Request): Promise<{ request: Request; finish: (response: Response) => Response }> {
  if (bodyKind(request.headers.get("content-type")) !== "multipart" || request.headers.has("content-security-policy")) {
    return { request, finish: (response) => response };
  }
  const { pathname } = new URL(request.url);
  // The form's own framing policy (embedOrigins), as the hook gives its pages.
  const security = responseSecurityHeaders(pathname, await framePolicyOrNone(pathname));
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", security["Content-Security-Policy"]!);
  return {
    request: new Request(request.url, { method: request.method, headers }),
    finish(response) {
      for (const [name, value] of Object.entries(security)) if (!response.headers.has(name)) response.headers.set(name, value);
      return response;
    },
  };
}
