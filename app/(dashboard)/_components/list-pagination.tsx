"use client";

import { countOf, numberFormat } from "./format";

/** Footer of a paged list: "1–20 of 41" and Previous / Next, or just a count on one page. */
export function ListPagination({
  page,
  perPage,
  total,
  totalPages,
  shown,
  noun,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  shown: number;
  noun: [singular: string, plural: string];
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * perPage + 1;
  const last = first + shown - 1;
  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="muted">
        {totalPages === 1
          ? countOf(total, ...noun)
          : `${first === last ? numberFormat.format(first) : `${numberFormat.format(first)}–${numberFormat.format(last)}`} of ${numberFormat.format(total)}`}
      </p>
      {totalPages > 1 && (
        <div className="pagination-buttons">
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span className="muted">
            Page {page} of {totalPages}
          </span>
          <button type="button" className="button button-small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </nav>
  );
}
