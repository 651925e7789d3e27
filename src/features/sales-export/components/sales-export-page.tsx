import { useState } from 'react';
import type { DateRange } from '@/shared/dates/calendar-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { useDownloadExport, type ExportKind } from '../api/download-export';
import { useExportCars } from '../api/get-export-cars';
import { EXPORT_WINDOW_MESSAGE, isWithinExportWindow } from '../export-window';

interface Props {
  slug: string;
  depoId: number;
  defaultRange: DateRange;
}

/** Export sales/transfers of a depo as CSV: at most 30 days ending with the end date, the last 7 by default. */
export function SalesExportPage({ slug, depoId, defaultRange }: Props) {
  const [range, setRange] = useState(defaultRange);
  const [carIds, setCarIds] = useState<number[]>([]);
  const cars = useExportCars(slug, depoId);
  const download = useDownloadExport(slug);
  const lock = useSubmitLock();
  const allowed = isWithinExportWindow(range);

  const run = (kind: ExportKind) => {
    if (!allowed || !lock.acquire()) return;
    download.mutate(
      { kind, depoId, start: range.start, end: range.end, carIds },
      {
        onSuccess: (fileName) => showFlash(`${fileName} downloaded`),
        onError: (error) => flashRequestError(error),
        onSettled: () => lock.release(),
      },
    );
  };

  return (
    <section className="sales-export" aria-label="Export sales/transfers">
      <PageTitleBar title="Export sales/transfers" />
      <DateRangeInput value={range} onChange={setRange} />
      <p className={allowed ? 'muted' : 'form__error'} role={allowed ? undefined : 'alert'}>
        {EXPORT_WINDOW_MESSAGE}
      </p>
      <label className="field">
        <span className="field__label">Cars</span>
        <select
          multiple
          className="field__input"
          value={carIds.map(String)}
          onChange={(event) => setCarIds([...event.target.selectedOptions].map((option) => Number(option.value)))}
        >
          {cars.data?.map((car) => (
            <option key={car.id} value={car.id}>
              {car.internal_number}
            </option>
          ))}
        </select>
      </label>
      <div className="sales-export__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={!allowed || download.isPending}
          onClick={() => run('sales')}
        >
          Export sales
        </button>
        <button
          type="button"
          className="button"
          disabled={!allowed || download.isPending}
          onClick={() => run('product_transfers')}
        >
          Export product transfers
        </button>
      </div>
    </section>
  );
}
