/** Rows per page of the specs' lists (B2B, orders, feedback, inventory...). */
export const DEFAULT_PAGE_SIZE = 25;

/** A page with fewer rows than the page size is the last one: next is blocked. */
export function hasNextPage(rowCount: number, pageSize = DEFAULT_PAGE_SIZE): boolean {
  return rowCount >= pageSize;
}

/** The page never goes below 1. */
export function previousPage(page: number): number {
  return Math.max(1, page - 1);
}

export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

/** The PostgREST `range(from, to)` of a 1-based page. */
export function pageRange(page: number, pageSize = DEFAULT_PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, page) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}
