import { DEFAULT_PAGE_SIZE, hasNextPage, hasPreviousPage, previousPage } from './page-rules';
import './pagination.css';
import { NextIcon, PreviousIcon } from '@/shared/ui/icons';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** How many rows the current page brought back. */
  rowCount: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** Names the control for screen readers when a screen has several lists. */
  label?: string;
}

/** "Page: N" with previous and next; next is disabled once a page comes back short. */
export function Pagination({
  page,
  rowCount,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  label = 'Pagination',
}: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button pagination__button"
        aria-label="Previous page"
        disabled={!hasPreviousPage(page)}
        onClick={() => onPageChange(previousPage(page))}
      >
        <PreviousIcon />
      </button>
      <span className="pagination__page" aria-live="polite">
        Page: {page}
      </span>
      <button
        type="button"
        className="button pagination__button"
        aria-label="Next page"
        disabled={!hasNextPage(rowCount, pageSize)}
        onClick={() => onPageChange(page + 1)}
      >
        <NextIcon />
      </button>
    </nav>
  );
}
