import { formatBytes } from '@/shared/format/money';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { useExportB2bCustomers } from '../api/export-b2b-customers';
import type { B2bCustomerFilters } from '../b2b-customers-search';

/** Export: the xlsx of exactly the filtered list, with the download's progress beside the button. */
export function ExportB2bCustomersButton({ slug, filters }: { slug: string; filters: B2bCustomerFilters }) {
  const exporting = useExportB2bCustomers(slug);
  const { progress } = exporting;
  const rows = progress?.totalRows === null || progress?.totalRows === undefined ? '' : `${progress.totalRows} rows`;
  return (
    <div className="b2b-customers__export">
      <button type="button" className="button" disabled={exporting.isPending} onClick={() => exporting.mutate(filters)}>
        {exporting.isPending ? 'Exporting…' : 'Export'}
      </button>
      <span role="status" className="b2b-customers__export-status">
        {exporting.isPending && progress && (
          <>
            <progress aria-label="Export progress" />
            {` Exporting${rows ? ` ${rows}` : ''}: ${formatBytes(progress.receivedBytes)} received`}
          </>
        )}
        {exporting.isSuccess &&
          `Exported ${exporting.data.totalRows ?? ''} rows (${formatBytes(exporting.data.receivedBytes)})`.replace(
            '  ',
            ' ',
          )}
      </span>
      {exporting.isError && (
        <span role="alert" className="field__error">
          {requestErrorText(exporting.error)}
        </span>
      )}
    </div>
  );
}
