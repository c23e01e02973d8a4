"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { CopyButton } from "./copy-button";

/**
 * A secret the server will not show again (an API token, a webhook signing secret): the value
 * with Copy, the warning, and Done. Takes focus when it appears, so the screen reader reads it.
 * What the warning says of storage is true of each: a token is kept only as a hash, while a
 * signing secret is kept as it is (the server signs with it) but never shown again.
 */

const KEPT = {
  hash: "Only a hash of it is kept; if it is lost, make a new one.",
  signing: "The server keeps it to sign deliveries but never shows it again; if it is lost, rotate it.",
} as const;

export function ShownOnce({
  title,
  secret,
  what,
  kept,
  children,
  onDone,
}: {
  title: string;
  secret: string;
  what: string;
  kept: keyof typeof KEPT;
  children?: ReactNode;
  onDone: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="card shown-once" aria-labelledby="shown-once-title" ref={ref} tabIndex={-1} data-testid="shown-once">
      <h2 id="shown-once-title">{title}</h2>
      <p className="shown-once-warning">
        <strong>Copy it now: you won&apos;t see it again.</strong> {KEPT[kept]}
      </p>
      <div className="shown-once-value">
        <code className="mono" data-testid="secret-value">
          {secret}
        </code>
        <CopyButton text={secret} what={what} />
      </div>
      {children}
      <div className="panel-actions">
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
