"use client";

import { dateFormat, dateTimeFormat, fullTimestampFormat } from "./format";

/**
 * A moment in a table cell, in the viewer's time zone: the day, or the day and time where
 * several rows of one day must tell apart (`withTime`); the full timestamp, seconds and zone
 * included, on hover.
 */
export function DateTime({ at, withTime }: { at: string; withTime?: boolean }) {
  const when = new Date(at);
  return (
    <time dateTime={at} title={fullTimestampFormat.format(when)}>
      {(withTime ? dateTimeFormat : dateFormat).format(when)}
    </time>
  );
}
