import type { AddressResult } from '@/shared/ui/address-search/address-search';
import type { EditorAction, EditorPoint } from '../editor-state';
import { PointRow } from './point-row';
import { TrailingRow } from './trailing-row';

interface Props {
  slug: string;
  points: EditorPoint[];
  minimumEfficientSalesCount: number;
  canEdit: boolean;
  search: (text: string) => Promise<AddressResult[]>;
  dispatch: (action: EditorAction) => void;
}

/** The points in order, a select-all box, and (for editors) the empty row that adds a point. */
export function RoutePointsTable({ slug, points, minimumEfficientSalesCount, canEdit, search, dispatch }: Props) {
  const allChecked = points.length > 0 && points.every((point) => point.checked);
  return (
    <div className="route-points__table-wrap">
      <table className="route-points__table">
        <thead>
          <tr>
            <th>
              <input
                type="checkbox"
                aria-label="Select all points"
                checked={allChecked}
                onChange={(event) => dispatch({ type: 'check-all', checked: event.target.checked })}
              />
            </th>
            <th>#</th>
            <th>Customer</th>
            <th>Address</th>
            <th>Custom address</th>
            <th>Wait time</th>
            <th>Arrival time</th>
            <th>Sales</th>
            <th>Active customers</th>
            <th>Comment</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <PointRow
              key={point.key}
              slug={slug}
              point={point}
              number={index + 1}
              minimumEfficientSalesCount={minimumEfficientSalesCount}
              canEdit={canEdit}
              search={search}
              dispatch={dispatch}
            />
          ))}
          {canEdit ? <TrailingRow slug={slug} number={points.length + 1} search={search} dispatch={dispatch} /> : null}
        </tbody>
      </table>
    </div>
  );
}
