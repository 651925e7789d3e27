import { useOrdersMember } from '../orders-member';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { useOrderVersions } from '../api/get-order-details';
import type { WebshopOrder } from '../api/get-webshop-orders';
import { changeEntries, fieldHistories } from '../changelog';
import { OrderDialog } from './order-dialog';

/**
 * Changelog: each tracked field's values over the versions in words, joined by arrows, ending with the current one;
 * then who changed what when (delivery-operations §3 "Order version": the writer's full name).
 */
export function ChangelogDialog({
  slug,
  depoId,
  order,
  onClose,
}: {
  slug: string;
  depoId: number;
  order: WebshopOrder;
  onClose: () => void;
}) {
  const { tenant } = useOrdersMember();
  const versions = useOrderVersions(slug, depoId, order.id);
  const histories = versions.data ? fieldHistories(versions.data, tenant) : [];
  const entries = versions.data ? changeEntries(versions.data, tenant) : [];
  return (
    <OrderDialog title="Changelog" onClose={onClose}>
      <QueryState
        what="the changelog"
        isPending={versions.isPending}
        error={versions.error}
        onRetry={() => void versions.refetch()}
      />
      <dl className="orders-changelog">
        {histories.map(({ field, label, values }) => (
          <div key={field} className="orders-changelog__field" data-field={field}>
            <dt>{label}</dt>
            <dd>{values.join(' → ')}</dd>
          </div>
        ))}
      </dl>
      {entries.length > 0 && (
        <table className="orders-changelog__changes" aria-label="Changes">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.at}</td>
                <td>{entry.by}</td>
                <td>{entry.changed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Close</SecondaryButton>
      </div>
    </OrderDialog>
  );
}
