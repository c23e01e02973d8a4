import metadata from "libphonenumber-js/metadata.min.json";

/**
 * Countries a phone element's country selector offers: every country of the E.164 metadata
 * that phone.ts resolves dial codes with, so a picked country always round-trips.
 */
export type PhoneCountry = { code: string; dialCode: string; name: string };

const DIAL_CODE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(metadata.countries).map(([code, entry]) => [code, `+${(entry as unknown[])[0] as string}`] as const),
);

/** `GB` → `+44`; null for anything else. */
export const dialCodeOfCountry = (code: string): string | null => DIAL_CODE_OF.get(code.toUpperCase()) ?? null;

let cached: PhoneCountry[] | undefined;

/** Sorted by English name (server-side only: names come from the runtime's ICU data). */
export function phoneCountries(): PhoneCountry[] {
  if (!cached) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    cached = [...DIAL_CODE_OF]
      .map(([code, dialCode]) => ({ code, dialCode, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return cached;
}

/** The region of the first `Accept-Language` tag that names one we list (`en-GB` → `GB`), else null. */
export function countryFromAcceptLanguage(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(",").slice(0, 10)) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase();
    if (region && DIAL_CODE_OF.has(region)) return region;
  }
  return null;
}
