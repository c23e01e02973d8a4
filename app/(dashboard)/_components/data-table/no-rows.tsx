"use client";

import type { ReactNode } from "react";
import { countOf, type Noun } from "../format";
import { EmptyState } from "../list-states";
import { PageControl, type PageNav } from "./pagination";

/** A list's search, if it has one: the text, what it looks in ("entry name"), and how to drop it. */
export type ListSearch = { text: string; field: string; onClear: () => void };

/**
 * What a list shows when a page has no rows, in one pattern for every list: "No … yet" (`empty`,
 * the list's own words) when it has none at all; the list's own words when a filter finds none
 * (`filtered`); "No matching …" with Clear search when its search finds none; else "Nothing on
 * page n" with a way back to the first page.
 */
export function NoRows({
  total,
  page,
  empty,
  filtered,
  search,
}: {
  total: number;
  /** Where the list is, for a page past its end. */
  page?: { page: number; totalPages: number; noun: Noun; nav: PageNav };
  empty: ReactNode;
  filtered?: ReactNode;
  search?: ListSearch;
}) {
  if (total > 0 && page) {
    return (
      <EmptyState
        title={`Nothing on page ${page.page}`}
        action={
          <PageControl nav={page.nav} page={1} className="button">
            Go to the first page
          </PageControl>
        }
      >
        There {total === 1 ? "is" : "are"} {countOf(total, ...page.noun)} in {countOf(page.totalPages, "page", "pages")}.
      </EmptyState>
    );
  }
  if (filtered) return filtered;
  if (search?.text) {
    return (
      <EmptyState title={`No matching ${page?.noun[1] ?? "items"}`} button={{ label: "Clear search", onClick: search.onClear }}>
        No {search.field} contains “{search.text}”.
      </EmptyState>
    );
  }
  return empty;
}
