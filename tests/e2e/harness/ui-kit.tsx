// The shared UI pieces on one page, for the component tests in ui-kit.spec.ts. Built in memory
// by the test with Vite; never part of the app.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@/app/styles.css';
import type { DateRange } from '@/shared/dates/calendar-date';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { ConfirmHost } from '@/shared/ui/confirm/confirm-host';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { FlashHost } from '@/shared/ui/flash/flash-host';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { SearchBox } from '@/shared/ui/search-box/search-box';

function UiKit() {
  const [searches, setSearches] = useState<string[]>([]);
  const [productSearches, setProductSearches] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [rowCount, setRowCount] = useState(25);
  const [range, setRange] = useState<DateRange>({ start: '2026-11-01', end: '2026-11-30' });
  const [answers, setAnswers] = useState<boolean[]>([]);

  const askToDelete = async () => {
    const answer = await confirm({ title: 'Delete product', message: 'Are you sure you want to delete this product?' });
    setAnswers((previous) => [...previous, answer]);
  };

  return (
    <main className="page">
      <section aria-label="Customers">
        <SearchBox label="Search customers" onSearch={(phrase) => setSearches((previous) => [...previous, phrase])} />
        <output data-testid="searches">{JSON.stringify(searches)}</output>
      </section>
      <section aria-label="Products">
        <SearchBox
          label="Search products"
          minLengthRule={false}
          onSearch={(phrase) => setProductSearches((previous) => [...previous, phrase])}
        />
        <output data-testid="product-searches">{JSON.stringify(productSearches)}</output>
      </section>
      <section aria-label="Orders">
        <Pagination page={page} rowCount={rowCount} onPageChange={setPage} />
        <button type="button" className="button" onClick={() => setRowCount(7)}>
          Load a short page
        </button>
      </section>
      <section aria-label="Period">
        <DateRangeInput value={range} onChange={setRange} />
        <output data-testid="range">{`${range.start}..${range.end}`}</output>
      </section>
      <section aria-label="Danger zone">
        <button type="button" className="button" onClick={() => void askToDelete()}>
          Delete product
        </button>
        <output data-testid="answers">{JSON.stringify(answers)}</output>
      </section>
      <FlashHost />
      <ConfirmHost />
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <UiKit />
    </StrictMode>,
  );
}
