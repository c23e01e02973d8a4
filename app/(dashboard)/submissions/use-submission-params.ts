"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { pageParam } from "../_components/use-url-state";

import type { FilterRow } from "@/server/services/submissions/filter-rows";
import type { SpamView } from "@/server/services/submissions/query/request";
import type { SortField } from "@/server/services/submissions/sort";

export type { FilterRow, SortField, SpamView };

/** Keys of the page's URL that are not filters; every `<field>__<type>` key is one (v2's syntax). */
const OWN_KEYS = new Set(["form", "page", "view", "sort", "order"]);

export function filtersOf(params: URLSearchParams): FilterRow[] {
  const rows: FilterRow[] = [];
  for (const [key, value] of params) {
    const cut = key.lastIndexOf("__");
    if (OWN_KEYS.has(key) || cut < 0) continue;
    rows.push({ field: key.slice(0, cut), type: key.slice(cut + 2), value });
  }
  return rows;
}

/**
 * The table's view in the URL, so it can be linked, reloaded and exported: `?page`, `?view`,
 * `?sort`, `?order` and the filters as v2 writes them (`Email__contains=…`); no `?view` means
 * "Not spam". The export link is the same query on /submissions/export, its view always named.
 */
export function useSubmissionParams() {
  const params = useSearchParams();
  const pathname = usePathname();
  const filters = useMemo(() => filtersOf(new URLSearchParams(params.toString())), [params]);
  const rawView = params.get("view");
  // Spam stays out of sight unless asked for: the default view is "Not spam", and "All" is a choice of its own.
  const view: SpamView = rawView === "spam" || rawView === "all" ? rawView : "not_spam";
  const rawSort = params.get("sort");
  const sort = {
    field: (rawSort === "updated_at" || rawSort === "duration" ? rawSort : "created_at") as SortField,
    order: params.get("order") === "asc" ? ("asc" as const) : ("desc" as const),
  };

  const write = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(window.location.search);
      change(next);
      const qs = next.toString();
      window.history.pushState(null, "", qs ? `${pathname}?${qs}` : pathname);
    },
    [pathname],
  );

  return {
    page: pageParam(params.get("page")),
    view,
    sort,
    filters,
    setPage: (page: number) => write((n) => (page === 1 ? n.delete("page") : n.set("page", String(page)))),
    setView: (v: SpamView) =>
      write((n) => {
        n.delete("page");
        if (v === "not_spam") n.delete("view");
        else n.set("view", v);
      }),
    setSort: (field: SortField, order: "asc" | "desc") =>
      write((n) => {
        n.delete("page");
        n.set("sort", field);
        n.set("order", order);
      }),
    setFilters: (rows: FilterRow[]) =>
      write((n) => {
        for (const key of [...n.keys()]) if (!OWN_KEYS.has(key) && key.includes("__")) n.delete(key);
        n.delete("page");
        for (const r of rows) n.append(`${r.field}__${r.type}`, r.value);
      }),
    /** The same set as a CSV download. */
    exportHref: (formUuid: string) => {
      const q = new URLSearchParams({ form: formUuid });
      q.set("view", view);
      q.set("sort", sort.field);
      q.set("order", sort.order);
      for (const r of filters) q.append(`${r.field}__${r.type}`, r.value);
      return `/submissions/export?${q.toString()}`;
    },
  };
}
