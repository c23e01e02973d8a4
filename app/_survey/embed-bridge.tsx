"use client";

import { useEffect } from "react";

/**
 * An embedded survey page's messages to the page that frames it (`/embed.js`): its height as
 * it changes (pages, errors, conditions), the page shown and, on the thanks page, the ending.
 * Ids only, never answers; sent to the parent's origin only (`targetOrigin`), which
 * `frame-ancestors` has already checked against the form's embedOrigins, so no other site hears them.
 */
export type EmbedMessage =
  | { type: "formhouse:resize"; form: string | null; height: number }
  | { type: "formhouse:page"; form: string | null; page: number }
  | { type: "formhouse:submitted"; form: string | null; ending: string | null };

function parentOrigin(): string | null {
  const given = new URLSearchParams(location.search).get("parent");
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const origin = given ?? ancestors?.[0] ?? null;
  try {
    return origin ? new URL(origin).origin : null;
  } catch {
    return null;
  }
}

/** What the page tells its parent about itself: the form, and the page shown or the ending reached. */
export type EmbedFacts = { form: string | null; page?: number; submitted?: boolean; ending?: string | null };

export function EmbedBridge({ form, page, submitted, ending = null }: EmbedFacts) {
  useEffect(() => {
    const target = parentOrigin();
    if (window.parent === window || !target) return;
    const send = (message: EmbedMessage) => window.parent.postMessage(message, target);
    if (submitted) send({ type: "formhouse:submitted", form, ending });
    else if (page !== undefined) send({ type: "formhouse:page", form, page });
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== last) send({ type: "formhouse:resize", form, height: (last = height) });
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.documentElement);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, [form, page, submitted, ending]);
  return null;
}
