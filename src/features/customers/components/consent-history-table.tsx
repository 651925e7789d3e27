import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo } from 'react';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { type ConsentRecord, useCustomerConsentRecords } from '../api/get-customer-consent-records';

const CONSENT_LABELS: Record<ConsentRecord['consent'], string> = {
  sms: 'SMS before the truck comes',
  marketing: 'Offers by SMS',
};

const SOURCE_LABELS: Record<ConsentRecord['source'], string> = {
  public_page: 'Public page (confirmed with the SMS code)',
  staff: 'Staff',
  unsubscribe_link: 'Unsubscribe link',
  sms: 'SMS',
  system: 'System',
};

export interface ConsentHistoryTableProps {
  tenant: { id: string; slug: string; time_zone: string; date_format: string };
  customerId: number;
}

/** What the customer consented to, when, where and with which words: the proof of each consent, newest first. */
export function ConsentHistoryTable({ tenant, customerId }: ConsentHistoryTableProps) {
  const records = useCustomerConsentRecords(tenant, customerId);
  useEffect(() => {
    if (records.error) flashRequestError(records.error);
  }, [records.error]);

  const columns = useMemo<ColDef<ConsentRecord>[]>(
    () => [
      {
        headerName: 'When',
        colId: 'recorded_at',
        valueGetter: ({ data }) =>
          data ? formatTenantDateTime(data.recorded_at, tenant.date_format, tenant.time_zone) : '',
      },
      {
        headerName: 'Consent',
        colId: 'consent',
        valueGetter: ({ data }) => (data ? CONSENT_LABELS[data.consent] : ''),
      },
      {
        headerName: 'Change',
        colId: 'granted',
        maxWidth: 120,
        valueGetter: ({ data }) => (data ? (data.granted ? 'Given' : 'Withdrawn') : ''),
      },
      { headerName: 'Source', colId: 'source', valueGetter: ({ data }) => (data ? SOURCE_LABELS[data.source] : '') },
      { headerName: 'Page', colId: 'page', valueGetter: ({ data }) => data?.page ?? '' },
      {
        headerName: 'Text shown',
        colId: 'consent_text',
        flex: 2,
        wrapText: true,
        autoHeight: true,
        valueGetter: ({ data }) => data?.consent_text ?? '',
      },
    ],
    [tenant.date_format, tenant.time_zone],
  );

  return (
    <div className="consent-history">
      <h2>Consent history</h2>
      <DataGrid
        ariaLabel="Consent history"
        rows={records.data}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={records.isPending}
        emptyText={records.isError ? 'The consent history could not be loaded' : 'No consent changes'}
      />
    </div>
  );
}
