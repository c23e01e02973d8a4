"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { countOf, numberFormat, type Noun } from "../format";

/**
 * How a list moves to another page: by a callback (a list whose page is client state), or by
 * links (a list the server renders from `?page=`).
 */
export type PageNav = { onPage: (page: number) => void } | { pageHref: (page: number) => string };

/** Footer of a paged list: "1–20 of 41" and Previous / Next, or just a count on one page. */
export function ListPagination({
  page,
  perPage,
  total,
  totalPages,
  shown,
  noun,
  nav,
}: {
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  shown: number;
  noun: Noun;
  nav: PageNav;
}) {
  const first = (page - 1) * perPage + 1;
  const last = first + shown - 1;
  const range = first === last ? numberFormat.format(first) : `${numberFormat.format(first)}–${numberFormat.format(last)}`;
  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="muted">{totalPages === 1 ? countOf(total, ...noun) : `${range} of ${numberFormat.format(total)}`}</p>
      {totalPages > 1 && (
        <div className="pagination-buttons">
          <PageControl nav={nav} page={page - 1} disabled={page <= 1} rel="prev" className="button button-small">
            Previous
          </PageControl>
          <span className="muted">
            Page {page} of {totalPages}
          </span>
          <PageControl nav={nav} page={page + 1} disabled={page >= totalPages} rel="next" className="button button-small">
            Next
          </PageControl>
        </div>
      )}
    </nav>
  );
}

/** A button, or a link, to `page` of a list; a disabled link is plain text. */
export function PageControl({
  nav,
  page,
  disabled = false,
  rel,
  className,
  children,
}: {
  nav: PageNav;
  page: number;
  disabled?: boolean;
  rel?: string;
  className: string;
  children: ReactNode;
}) {
  if ("onPage" in nav) {
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => nav.onPage(page)}>
        {children}
      </button>
    );
  }
  if (disabled) {
    return (
      <span className={`${className} is-disabled`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link className={className} href={nav.pageHref(page)} rel={rel}>
      {children}
    </Link>
  );
}
