import "server-only";

const MAX_NAME_LENGTH = 200;

/**
 * A respondent's file name made safe to store, show and send back in a Content-Disposition:
 * only its last path segment (`../../etc/passwd` → `passwd`, `C:\x\cv.pdf` → `cv.pdf`), no
 * control or bidirectional-override characters, no leading dots (`..`, hidden files), at most
 * 200 characters with its extension kept. Never empty: `file` stands in.
 */
export function safeFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    .normalize("NFC")
    // C0/C1 controls, DEL, and the bidi controls that can make `exe.pdf` read as `fdp.exe`.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[\s.]+/, "")
    .replace(/[\s.]+$/, "")
    .replace(/\s+/g, " ");
  if (!cleaned) return "file";
  const chars = [...cleaned];
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return chars.slice(0, MAX_NAME_LENGTH - [...ext].length).join("") + ext;
}

/** `Content-Disposition: attachment` with the name as ASCII fallback and RFC 5987 UTF-8. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
