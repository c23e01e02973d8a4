/**
 * The page's day range (`?from=`, `?to=`, YYYY-MM-DD, both days included) as the instants the
 * log's filters take: from the first day's midnight to the midnight after the last, in the
 * viewer's time zone.
 */
export function auditRange(from: string | null, to: string | null): { since?: string; until?: string; problem?: string } {
  const since = from ? localMidnight(from, 0) : undefined;
  const until = to ? localMidnight(to, 1) : undefined;
  if (since && until && since >= until) return { problem: "The last day is before the first day: no event can match." };
  return { since: since?.toISOString(), until: until?.toISOString() };
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight starting `day` + `plusDays` where the viewer is; undefined for a malformed day. */
function localMidnight(day: string, plusDays: number): Date | undefined {
  const m = DAY_RE.exec(day);
  if (!m) return undefined;
  const when = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(when.getTime()) || when.getFullYear() < 1 || when.getFullYear() > 9999 ? undefined : when;
}
