import type { EditorPoint } from '../editor-state';
import { formatWaitTime } from '../wait-time';

/** One row of the printed route table (delivery-operations §2, "Printable route table"). */
export interface PrintRow {
  key: string;
  index: number;
  address: string;
  waitTime: string;
  arrivalTime: string;
  comment: string;
  /** Business customers under the row: "shop id name". */
  b2bCustomers: string[];
}

/** The rows as the editor holds them now (unsaved edits included); the empty trailing row is left out. */
export function printableRows(points: readonly EditorPoint[]): PrintRow[] {
  return points
    .filter((point) => point.address.trim() !== '' || point.custom_address.trim() !== '')
    .map((point, i) => ({
      key: point.key,
      index: i + 1,
      address: point.use_custom_address && point.custom_address.trim() !== '' ? point.custom_address : point.address,
      waitTime: formatWaitTime(point.wait_time),
      arrivalTime: point.arrival_time,
      comment: point.private_comment,
      b2bCustomers: point.b2b_customers.map((customer) => [customer.shop_id, customer.name].filter(Boolean).join(' ')),
    }));
}
