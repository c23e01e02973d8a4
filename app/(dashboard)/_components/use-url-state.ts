"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type UrlChanges = Record<string, string | number | null | undefined>;

/**
 * The page's query string as state, so a view can be linked and reloaded. Changes go
 * through the History API, which Next.js folds into `useSearchParams` without a server
 * round trip: `push` for steps the Back button should undo, `replace` for typing.
 * null, undefined and "" remove a key.
 */
export function useUrlState() {
  const params = useSearchParams();
  const pathname = usePathname();
  const setParams = useCallback(
    (changes: UrlChanges, mode: "push" | "replace" = "push") => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") next.delete(key);
        else next.set(key, String(value));
      }
      const qs = next.toString();
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );
  return { params, setParams };
}

/** `?page=`: a positive integer, else 1. */
export function pageParam(raw: string | null): number {
  return raw && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
}

/**
 * The page and search of a list, in the URL (`?page=`, `?q=`). Page 1 and an empty search
 * leave the URL; a new search starts on page 1.
 */
export function useListParams() {
  const { params, setParams } = useUrlState();
  return {
    params,
    setParams,
    page: pageParam(params.get("page")),
    search: params.get("q")?.trim() ?? "",
    setPage: (page: number) => setParams({ page: page === 1 ? null : page }),
    setSearch: (q: string) => setParams({ q, page: null }, "replace"),
    /** The list from its start: no search, page 1. */
    reset: () => setParams({ q: null, page: null }),
  };
}
