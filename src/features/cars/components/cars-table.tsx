import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { CarListRow } from '../api/get-cars';
import { formatCarLocation, formatTimestamp } from '../format-car-location';

export interface CarsTableProps {
  cars: CarListRow[] | undefined;
  loading: boolean;
  /** The tenant's time zone, for the location and sync times. */
  timeZone: string;
  /** The Edit link of a row (a router link, rendered by the route). */
  renderActions: (car: CarListRow) => ReactNode;
}

export function CarsTable({ cars, loading, timeZone, renderActions }: CarsTableProps) {
  const columns = useMemo<ColDef<CarListRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      { headerName: 'Internal Number', field: 'internal_number' },
      { headerName: 'Mobile Number', field: 'mobile_number' },
      { headerName: 'Plate Number', field: 'plate_number' },
      { headerName: 'Axapta code', field: 'axapta_code' },
      { headerName: 'Depo', colId: 'depo', valueGetter: ({ data }) => data?.depo?.title ?? '' },
      { headerName: 'MapOn Id', field: 'mapon_car_id' },
      {
        headerName: 'Latest location',
        colId: 'latest_location',
        minWidth: 170,
        valueGetter: ({ data }) => (data ? formatCarLocation(data.latest_location_lat, data.latest_location_lng) : ''),
      },
      {
        headerName: 'Location updated at',
        colId: 'latest_location_updated_at',
        minWidth: 170,
        valueGetter: ({ data }) => formatTimestamp(data?.latest_location_updated_at ?? null, timeZone),
      },
      {
        headerName: 'Last Synced at',
        colId: 'last_synced_at',
        minWidth: 170,
        valueGetter: ({ data }) => formatTimestamp(data?.last_synced_at ?? null, timeZone),
      },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: CarListRow }) => (data ? renderActions(data) : null),
      },
    ],
    [timeZone, renderActions],
  );
  return (
    <DataGrid
      ariaLabel="Cars"
      total="rows"
      rows={cars}
      columns={columns}
      rowId={(car) => String(car.id)}
      loading={loading}
      emptyText="No cars found"
      renderAllColumns
    />
  );
}
