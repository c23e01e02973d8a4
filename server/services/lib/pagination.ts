import "server-only";
/** Every list of the service (v1, v2, dashboard) has 20 items a page, `page` 1-based. */
export const PAGE_SIZE = 20;

/** Rows to skip for a 1-based page. */
export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE;

/** Pages a list of `total` items fills; at least 1, so an empty list is "page 1 of 1". */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
