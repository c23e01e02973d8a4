import "server-only";
import { fileTypeFromBuffer, supportedExtensions } from "file-type";

/** Bytes of a file's start read to know its type (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

/** Text files have no magic bytes: these extensions are taken as text when the content is text. */
const TEXT_TYPES: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  md: "text/markdown",
  json: "application/json",
  log: "text/plain",
};

/** Formats that are zip files inside. */
const ZIP_FORMATS: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  epub: "application/epub+zip",
};

export type SniffedType = { ext: string | null; contentType: string };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** Same extension family: what a name says and what the content is may differ in spelling only. */
const SAME: Record<string, string> = { jpeg: "jpg", jpe: "jpg", tiff: "tif", htm: "html", mpeg: "mpg", oga: "ogg", ogv: "ogg" };
const norm = (ext: string) => SAME[ext] ?? ext;

/**
 * The type of a file by its first bytes (file-type's magic numbers), not by its name. Text has
 * none: a start that is UTF-8 without NUL counts as text, of the type its extension names when
 * that is one of a few plain formats (`.txt`, `.csv`, `.md`, `.json`…), and as `text/plain`
 * otherwise — so a page of HTML is only ever stored as text and downloaded as an attachment.
 * Anything else unknown is `application/octet-stream`. `null`: the name claims a format the
 * content is not (an HTML page called `cv.pdf`, a script called `photo.png`).
 */
export async function sniffFileType(head: Uint8Array, name: string): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  const claimed = extensionOf(name);
  // Office documents are zip files whose part list may lie beyond the sample: the zip is enough.
  if (found?.ext === "zip" && ZIP_FORMATS[claimed]) return { ext: claimed, contentType: ZIP_FORMATS[claimed] };
  if (found) {
    const knownClaim = claimed && supportedExtensions.has(claimed as never);
    if (knownClaim && norm(claimed) !== norm(found.ext)) return null;
    return { ext: found.ext, contentType: found.mime };
  }
  // A format file-type knows by its bytes, claimed by the name, but not found in them.
  if (claimed && supportedExtensions.has(claimed as never)) return null;
  if (looksLikeText(head)) {
    const type = TEXT_TYPES[claimed];
    return type ? { ext: claimed, contentType: type } : { ext: "txt", contentType: "text/plain" };
  }
  return { ext: null, contentType: "application/octet-stream" };
}

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // The sample may end inside a character: a stream decoder forgives that, not bad bytes before.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `accept` (the element's list, empty: any) takes a file of this sniffed type: an
 * extension matches the content's own type (a `.pdf` item takes PDF content, whatever the
 * name), a media type or `type/*` the content's media type.
 */
export function acceptsContent(accept: readonly string[], sniffed: SniffedType): boolean {
  if (!accept.length) return true;
  const type = sniffed.contentType.toLowerCase();
  return accept.some((item) => {
    const a = item.toLowerCase();
    if (a.startsWith(".")) return sniffed.ext !== null && norm(a.slice(1)) === norm(sniffed.ext);
    if (a.endsWith("/*")) return type.startsWith(a.slice(0, -1));
    return type === a;
  });
}
