/**
 * The rules of a file-upload element that the survey page (its check before the post) and the
 * server (the check that counts, server/uploads/multipart-submit.ts) share: how many files, how
 * large, of which types, and the sentences that say so.
 */

/** What the definition allows at most: files per field, and MB per file (an instance ceiling, `UPLOAD_MAX_FILE_MB`, may be lower). */
export const MAX_FILES_PER_FIELD = 20;
export const MAX_FILE_SIZE_MB = 1024;
export const DEFAULT_MAX_FILES = 1;
export const DEFAULT_MAX_FILE_SIZE_MB = 10;

export type FileLimits = { maxFiles: number; maxBytes: number; maxMb: number; accept: readonly string[] };

type FileElement = { maxFiles?: unknown; maxFileSizeMb?: unknown; accept?: unknown };

/** An element's limits, its size under the instance's ceiling (`ceilingMb`). */
export function fileLimitsOf(element: FileElement, ceilingMb: number): FileLimits {
  const maxFiles = typeof element.maxFiles === "number" && element.maxFiles >= 1 ? Math.floor(element.maxFiles) : DEFAULT_MAX_FILES;
  const own = typeof element.maxFileSizeMb === "number" && element.maxFileSizeMb > 0 ? element.maxFileSizeMb : DEFAULT_MAX_FILE_SIZE_MB;
  const maxMb = Math.min(own, ceilingMb);
  const accept = Array.isArray(element.accept) ? element.accept.filter((a): a is string => typeof a === "string") : [];
  return { maxFiles, maxBytes: Math.floor(maxMb * 1024 * 1024), maxMb, accept };
}

/**
 * Whether a file of this name and media type is one `accept` takes (empty: any), as the HTML
 * attribute reads it: an extension matches the name's end, `type/*` the type's first part.
 */
export function acceptsFile(accept: readonly string[], name: string, contentType: string): boolean {
  if (!accept.length) return true;
  const lowerName = name.toLowerCase();
  const type = contentType.toLowerCase();
  return accept.some((item) => {
    const a = item.toLowerCase();
    if (a.startsWith(".")) return lowerName.endsWith(a);
    if (a.endsWith("/*")) return type.startsWith(a.slice(0, -1));
    return type === a;
  });
}

const formatMb = (mb: number) => (Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`);

/** The sentences a respondent (or an API client) reads, each naming the field by its label. */
export const FILE_MESSAGES = {
  tooLarge: (label: string, maxMb: number) => `${label}: each file must be at most ${formatMb(maxMb)}`,
  tooMany: (label: string, maxFiles: number) => `${label}: send at most ${maxFiles} file${maxFiles === 1 ? "" : "s"}`,
  wrongType: (label: string, accept: readonly string[]) => `${label}: the file must be one of ${accept.join(", ")}`,
  notMatching: (label: string) => `${label}: the file's content does not match its name or type`,
  notAField: (name: string) => `'${name.slice(0, 100)}' is not a file field of this form`,
  gone: "This file is no longer available: choose it again",
  sendFile: "Choose the file itself: a file field takes files sent with the form",
};
