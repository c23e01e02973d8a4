/**
 * Spam signals of one submission. A flagged submission is stored with `spam: true` and
 * answered like any other, so a bot learns nothing from the answer.
 *
 * - Honeypot: a field people never see (hidden from assistive tech, not focusable) that
 *   form-filling bots fill in. Form posts and JSON bodies both carry it as `_website`.
 * - Time trap: submitted sooner than MIN_SECONDS after the page was rendered (start token),
 *   or, for the JSON endpoint, with a `duration` below it.
 */
export const HONEYPOT_FIELD = "_website";
export const START_TOKEN_FIELD = "_start";
export const MIN_SECONDS = 2;

export type SpamVerdict = { spam: boolean; reason: "honeypot" | "too-fast" | null };

export function judgeSpam(input: { honeypot: unknown; elapsedMs: number | null }): SpamVerdict {
  if (typeof input.honeypot === "string" ? input.honeypot.trim() !== "" : input.honeypot !== undefined && input.honeypot !== null) {
    return { spam: true, reason: "honeypot" };
  }
  if (input.elapsedMs !== null && input.elapsedMs < MIN_SECONDS * 1000) return { spam: true, reason: "too-fast" };
  return { spam: false, reason: null };
}

/** Whole seconds, capped to the column's integer range. */
export const durationSeconds = (elapsedMs: number) => Math.min(2_147_483_647, Math.max(0, Math.floor(elapsedMs / 1000)));
