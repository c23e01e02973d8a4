/** The textarea of new unique links: one entry name per line, blank lines ignored. */
export function entryNamesOf(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * An "expires on" date (`YYYY-MM-DD` from a date input) as the instant the links stop
 * working: the end of that day where the user is, as ISO 8601 with its offset resolved.
 */
export function endOfLocalDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

/** Today as a date input's value, in the user's time zone (the earliest expiry to offer). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
