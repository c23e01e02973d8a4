/** Every list of the service (v1, v2, dashboard) has 20 items a page, `page` 1-based (spec §8). */
export const PAGE_SIZE = 20;

/** Rows to skip for a 1-based page. */
export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE;
