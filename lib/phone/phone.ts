import metadata from "libphonenumber-js/metadata.min.json";

/**
 * Phone prefill values (pinned by phone.test.ts).
 *
 * Country selector on — the value is `<dial code>-<local number>` or `<dial code><local number>`:
 * 1. All whitespace is removed.
 * 2. `+<digits>`: the dial code is the longest prefix (3, 2, then 1 digits) of the digits after
 *    `+` that is an E.164 country calling code, so `+442071234567` → +44 and
 *    `+1 (555) 123-4567` → +1. When 1–3 digits are followed directly by a hyphen they are the
 *    dial code as written (`+12-345` is the unknown code +12, not +1 with local `2345`).
 * 3. Without `+` the value is a local number without a country (`country` and `dialCode` null):
 *    `555-1234` or `212-555-1234` are ordinary numbers, and reading their first digits as a
 *    dial code would pick a wrong country.
 * The local number keeps only its digits; none left is an error, as is an unknown dial code.
 * Non-geographic codes (+800, +870, …) are unknown: the selector picks a country.
 *
 * Country selector off: local digits as entered, nothing transformed or checked.
 */
export type ResolvedPhone = {
  /** ISO 3166-1 alpha-2 of the dial code's main country, e.g. `GB`; null without a dial code. */
  country: string | null;
  /** `+44`; null without a dial code. */
  dialCode: string | null;
  /** Digits only with the selector on; exactly as entered with it off. */
  number: string;
};

export type PhoneProblem =
  /** `+` with no digit after it. */
  | { problem: "missing-dial-code" }
  /** `dialCode` is what was read as one, e.g. `+999`. */
  | { problem: "unknown-dial-code"; dialCode: string }
  /** Nothing but punctuation where the local number should be. */
  | { problem: "empty-number"; dialCode: string | null };

export type PhoneParse = { ok: true; phone: ResolvedPhone } | ({ ok: false } & PhoneProblem);

/**
 * Calling code (no `+`) → its main country. libphonenumber lists the main country first;
 * +1 is always the United States, whatever the metadata says (phone.test.ts).
 */
const COUNTRY_OF_CODE: ReadonlyMap<string, string> = new Map(
  Object.entries(metadata.country_calling_codes).flatMap(([code, countries]) =>
    countries[0] ? [[code, code === "1" ? "US" : countries[0]] as const] : [],
  ),
);
/** E.164 calling codes have 1 to 3 digits. */
const MAX_CODE_DIGITS = 3;

const WHITESPACE = /\s+/g;
const NON_DIGITS = /\D+/g;
const LEADING_DIGITS = /^\d*/;

/** The main country of a calling code (`44` → `GB`), or null when it is not one. */
export const countryOfDialCode = (code: string): string | null => COUNTRY_OF_CODE.get(code) ?? null;

export function parsePhoneValue(raw: string, countrySelector: boolean): PhoneParse {
  if (!countrySelector) return { ok: true, phone: { country: null, dialCode: null, number: raw } };
  const s = raw.replace(WHITESPACE, "");

  if (s.startsWith("+")) {
    const digits = LEADING_DIGITS.exec(s.slice(1))![0];
    if (!digits) return { ok: false, problem: "missing-dial-code" };
    const written = digits.length <= MAX_CODE_DIGITS && s[1 + digits.length] === "-";
    const code = written ? digits : longestKnownPrefix(digits);
    if (code === null || !COUNTRY_OF_CODE.has(code)) {
      return { ok: false, problem: "unknown-dial-code", dialCode: `+${digits.slice(0, MAX_CODE_DIGITS)}` };
    }
    return withDialCode(code, s.slice(1 + code.length));
  }

  const number = s.replace(NON_DIGITS, "");
  if (!number) return { ok: false, problem: "empty-number", dialCode: null };
  return { ok: true, phone: { country: null, dialCode: null, number } };
}

function longestKnownPrefix(digits: string): string | null {
  for (let n = Math.min(MAX_CODE_DIGITS, digits.length); n > 0; n--) {
    const prefix = digits.slice(0, n);
    if (COUNTRY_OF_CODE.has(prefix)) return prefix;
  }
  return null;
}

function withDialCode(code: string, rest: string): PhoneParse {
  const dialCode = `+${code}`;
  const number = rest.replace(NON_DIGITS, "");
  if (!number) return { ok: false, problem: "empty-number", dialCode };
  return { ok: true, phone: { country: COUNTRY_OF_CODE.get(code)!, dialCode, number } };
}
