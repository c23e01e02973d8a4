"use client";

import { useId, useState } from "react";
import { CopyButton } from "../../_components/copy-button";

type Mode = "inline" | "popup";

/** The `/embed.js` snippet of each mode for a form (by its short link when it has one). */
export function embedSnippet(appUrl: string, form: string, mode: Mode, name: string): string {
  const script = `<script src="${appUrl}/embed.js" async></script>`;
  return mode === "inline"
    ? `<div data-formhouse-form="${form}"></div>\n${script}`
    : `<button type="button" data-formhouse-popup="${form}">${name.replace(/[<&"]/g, "")}</button>\n${script}`;
}

/**
 * Share → Embed: the snippet for each mode (inline, popup) with Copy, and a live preview of the
 * embedded page. A form that lists embedOrigins can be framed by those sites only, so it has no
 * preview here.
 */
export function EmbedSnippets({
  appUrl,
  formUuid,
  slug,
  name,
  embedOrigins,
}: {
  appUrl: string;
  formUuid: string;
  slug: string | null;
  name: string;
  embedOrigins: string[] | null;
}) {
  const [mode, setMode] = useState<Mode>("inline");
  const id = useId();
  const snippet = embedSnippet(appUrl, slug ?? formUuid, mode, name);
  return (
    <div className="share-embed">
      <h3 className="share-embed-title">Embed on your site</h3>
      <fieldset className="share-embed-modes">
        <legend className="visually-hidden">Embed as</legend>
        {(["inline", "popup"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />{" "}
            {m === "inline" ? "In the page" : "Popup on a button"}
          </label>
        ))}
      </fieldset>
      <pre className="share-embed-code" data-testid="embed-snippet">
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} what="embed snippet" />
      <p className="hint">
        {embedOrigins
          ? `Only ${embedOrigins.join(", ")} may embed this form (its settings), so it has no preview here.`
          : "Any site may embed this form; list the sites allowed in the builder's Settings to limit it."}
      </p>
      {embedOrigins ? null : (
        <iframe
          className="share-embed-preview"
          title={`Preview of the embedded form “${name}”`}
          src={`/f/${formUuid}?embed=1`}
          loading="lazy"
        />
      )}
    </div>
  );
}
