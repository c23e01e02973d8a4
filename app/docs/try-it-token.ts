"use client";

import { useSyncExternalStore } from "react";

/**
 * The token of the Try it panels, one per API (base path): entered once, every panel of that
 * API uses it. Kept in sessionStorage — this tab only, gone when it closes — and never in
 * localStorage, so a token does not outlive the session on a shared machine.
 */
const KEY = (basePath: string) => `formhouse.docs.token:${basePath}`;
const listeners = new Set<() => void>();

function read(basePath: string): string {
  try {
    return window.sessionStorage.getItem(KEY(basePath)) ?? "";
  } catch {
    return ""; // Storage switched off: the panels still work, each with its own entry.
  }
}

export function setTryItToken(basePath: string, token: string) {
  try {
    if (token) window.sessionStorage.setItem(KEY(basePath), token);
    else window.sessionStorage.removeItem(KEY(basePath));
  } catch {
    // See read().
  }
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export function useTryItToken(basePath: string): string {
  return useSyncExternalStore(
    subscribe,
    () => read(basePath),
    () => "",
  );
}
