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

// Spam stays out of sight unless asked for: the default view is "Not spam", and "All" is a choice of its own.
const viewOf = (params: Pick<URLSearchParams, "get">): SpamView => {
  const raw = params.get("view");
  return raw === "spam" || raw === "all" ? raw : "not_spam";
};

const sortOf = (params: Pick<URLSearchParams, "get">): { field: SortField; order: "asc" | "desc" } => {
  const raw = params.get("sort");
  return {
    field: raw === "updated_at" || raw === "duration" ? raw : "created_at",
    order: params.get("order") === "asc" ? "asc" : "desc",
  };
};

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
  const view = viewOf(params);
  const sort = sortOf(params);

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
    exportHref: (formUuid: string) => `/submissions/export?${setQuery(formUuid, view, sort, filters)}`,
    /** One submission, carrying the set it was opened from (its Previous and Next walk that set). */
    detailHref: (formUuid: string, id: string) => `/submissions/${id}?${setQuery(formUuid, view, sort, filters)}`,
  };
}

/** A filtered set as a query string: form, view, sort, order and the filters, v2's spelling. */
function setQuery(formUuid: string, view: SpamView, sort: { field: SortField; order: "asc" | "desc" }, filters: FilterRow[]): string {
  const q = new URLSearchParams({ form: formUuid, view, sort: sort.field, order: sort.order });
  for (const r of filters) q.append(`${r.field}__${r.type}`, r.value);
  return q.toString();
}

/** The set a submission page was opened from (`detailHref`), or null when it was opened on its own. */
export function openedFromSet(params: URLSearchParams) {
  const form = params.get("form");
  if (!form) return null;
  return {
    formUuid: form,
    view: viewOf(params),
    sort: sortOf(params),
    filters: filtersOf(params),
    query: params.toString(),
  };
}
