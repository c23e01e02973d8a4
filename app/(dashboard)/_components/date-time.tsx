"use client";

import { dateFormat, dateTimeFormat } from "./format";

/** A day in a table cell; the time of day on hover. */
export function DateTime({ at }: { at: string }) {
  const when = new Date(at);
  return (
    <time dateTime={at} title={dateTimeFormat.format(when)}>
      {dateFormat.format(when)}
    </time>
  );
}
