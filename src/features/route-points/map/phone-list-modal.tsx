import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { phonesOf } from '../api/route-map';
import { useModalDialog } from '@/shared/hooks/use-modal-dialog';

export const COPIED_TEXT = 'Copied to clipboard';

interface Props {
  slug: string;
  routeId: number;
  customerIds: number[];
  onClose: () => void;
}

/** The phones at the selected customers' addresses, one a line, and a button copying them all. */
export function PhoneListModal({ slug, routeId, customerIds, onClose }: Props) {
  const dialogRef = useModalDialog();
  const phones = useQuery({
    queryKey: queryKeys.tenant(slug).resource('route_map_phones').list({ routeId, customerIds }),
    queryFn: () => phonesOf(routeId, customerIds),
  });
  const rows = phones.data ?? [];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(rows.map((row) => row.phone).join('\n'));
      showFlash(COPIED_TEXT);
    } catch {
      showFlash('The browser did not allow copying; select the phones and copy them by hand.', 'alert');
    }
  };
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog route-map__modal"
      aria-labelledby="phone-list-title"
      onCancel={onClose}
    >
      <h2 id="phone-list-title" className="confirm-dialog__title">
        Phone list
      </h2>
      {phones.isPending ? <p role="status">Loading phones…</p> : null}
      {phones.error ? <p role="alert">{requestErrorText(phones.error)}</p> : null}
      {phones.data ? (
        <table className="route-map__phones">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Phone</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.customer_id} data-testid="phone-row">
                <td>{row.address}</td>
                <td>{row.phone}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Close</SecondaryButton>
        <button
          type="button"
          className="button button--primary"
          disabled={rows.length === 0}
          onClick={() => void copy()}
        >
          Copy
        </button>
      </div>
    </dialog>
  );
}
