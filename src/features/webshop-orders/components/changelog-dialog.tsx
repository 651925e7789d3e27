import { useOrdersMember } from '../orders-member';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { useOrderVersions } from '../api/get-order-details';
import type { WebshopOrder } from '../api/get-webshop-orders';
import { fieldHistories } from '../changelog';
import { OrderDialog } from './order-dialog';

/** Changelog: each tracked field's values over the versions, joined by arrows, ending with the current one. */
export function ChangelogDialog({ slug, depoId, order, onClose }: { slug: string; depoId: number; order: WebshopOrder; onClose: () => void }) {
  const { tenant } = useOrdersMember();
  const versions = useOrderVersions(slug, depoId, order.id);
  const histories = versions.data ? fieldHistories(versions.data.map((version) => version.serialized_object)) : [];
  return (
    <OrderDialog title="Changelog" onClose={onClose}>
      {versions.isPending && <p aria-busy="true">Loading…</p>}
      <dl className="orders-changelog">
        {histories.map(({ field, values }) => (
          <div key={field} className="orders-changelog__field" data-field={field}>
            <dt>{field}</dt>
            <dd>{values.join(' → ')}</dd>
          </div>
        ))}
      </dl>
      {versions.data && versions.data.length > 0 && (
        <p className="muted">Last change {formatTenantDateTime(versions.data.at(-1)!.created_at, tenant.date_format, tenant.time_zone)}</p>
      )}
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Close</SecondaryButton>
      </div>
    </OrderDialog>
  );
}
