import "server-only";
/** What a request body is by its Content-Type: the survey submit endpoints take these three. */
export type BodyKind = "json" | "urlencoded" | "multipart";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;
const URLENCODED_TYPE = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

export function bodyKind(contentType: string | null | undefined): BodyKind | null {
  const type = contentType?.trim() ?? "";
  return JSON_TYPE.test(type) ? "json" : URLENCODED_TYPE.test(type) ? "urlencoded" : MULTIPART_TYPE.test(type) ? "multipart" : null;
}
