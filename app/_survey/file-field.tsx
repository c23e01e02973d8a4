"use client";

import { useState } from "react";
import { Block, describedBy, FieldError, Hint, Label } from "./field-parts";
import type { FieldProps } from "./field-props";

/**
 * A file-upload field: a real `<input type=file>` (its `accept`, `multiple` when it takes more
 * than one), posted with the form as multipart/form-data, so it works without JavaScript. Files
 * the server already has (an earlier step, or a post that came back with a problem elsewhere)
 * are kept as their upload tokens in hidden fields and listed; choosing files anew replaces them.
 */
export function FileField({ element, field }: FieldProps) {
  const kept = tokensOf(field.initialValue);
  const [keep, setKeep] = useState(true);
  const maxFiles = element.maxFiles ?? 1;
  const accept = element.accept?.length ? element.accept.join(",") : undefined;
  const limitText = [
    element.accept?.length ? element.accept.join(", ") : null,
    `up to ${element.maxFileSizeMb ?? 10} MB${maxFiles > 1 ? ` each, ${maxFiles} files at most` : ""}`,
  ]
    .filter(Boolean)
    .join(", ");
  const limitsId = `${field.id}-limits`;
  const described = [describedBy(field, element), limitsId].filter(Boolean).join(" ");
  return (
    <Block invalid={Boolean(field.errors)}>
      <Label htmlFor={field.id} required={element.required}>
        {element.label}
      </Label>
      <Hint element={element} field={field} />
      <p className="sv-hint" id={limitsId}>
        {limitText.charAt(0).toUpperCase() + limitText.slice(1)}
      </p>
      {keep && kept.length ? (
        <ul className="sv-file-kept" aria-label="Files already sent">
          {kept.map((token) => (
            <li key={token}>
              <input type="hidden" name={field.name} value={token} />
              {nameOfToken(token)}
            </li>
          ))}
        </ul>
      ) : null}
      <input
        type="file"
        id={field.id}
        name={field.name}
        className="sv-input sv-file"
        accept={accept}
        multiple={maxFiles > 1}
        // Already sent files count as the answer: a new choice is asked for only when there are none.
        required={element.required && !(keep && kept.length)}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          if (event.currentTarget.files?.length) setKeep(false);
        }}
      />
      <FieldError field={field} />
    </Block>
  );
}

/** Upload tokens in a field's value: one, several, or none. */
function tokensOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((v): v is string => typeof v === "string" && v.includes("."));
}

/** The file name an upload token carries (its payload is the server's own JSON, base64url). */
function nameOfToken(token: string): string {
  try {
    const payload = token.slice(0, token.lastIndexOf("."));
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const name = (JSON.parse(new TextDecoder().decode(bytes)) as { n?: unknown }).n;
    return typeof name === "string" ? name : "File";
  } catch {
    return "File";
  }
}
