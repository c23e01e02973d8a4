"use client";

import { CopyButton } from "./copy-button";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A survey URL, opened in a new tab, with Copy. Shown without the host (the same on every
 * row) and with each UUID cut to its first 8 characters, so the part that tells rows apart
 * (`?_prefill=<id>`) stays visible: `/f/071bf475…?_prefill=3f0c2a1b…`. The title has it all.
 */
export function SurveyUrl({ url, what }: { url: string; what: string }) {
  let shown = url;
  try {
    const u = new URL(url);
    shown = u.pathname + u.search;
  } catch {
    // Not absolute: show it as it is.
  }
  shown = shown.replace(UUID, (id) => `${id.slice(0, 8)}…`);
  return (
    <div className="survey-url">
      <a href={url} target="_blank" rel="noreferrer" className="survey-url-text" title={url}>
        {shown}
      </a>
      <CopyButton text={url} what={what} />
    </div>
  );
}
