import { Link, useLocation } from '@tanstack/react-router';
import { formatMoney } from '@/shared/format/money';
import type { EodFailure } from '../eod-failure';
import { miscellaneousLines } from '../eod-sections';
import { EodModal } from './eod-modal';

export interface EodFailureDialogProps {
  failure: EodFailure;
  tenant: { slug: string; locale: string };
  iceCream: boolean;
  depoId: number;
  /** The report whose approval failed: the stock link comes back to it (the list opens it). */
  reportId: number | null;
  onClose: () => void;
}

// Card messages use DKK (delivery-operations §9).
const dkk = (amount: number, locale: string) => formatMoney(amount, { currency: 'DKK', locale });

/** This page again with the report opened (`report=`), for the way back from the transfer form. */
function returnPath(pathname: string, searchStr: string, reportId: number | null): string {
  const search = new URLSearchParams(searchStr);
  search.delete('report');
  if (reportId !== null) search.set('report', String(reportId));
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The spec's dialogs for a refused save or approval (§8): card, miscellaneous, stock, already approved. */
export function EodFailureDialog({ failure, tenant, iceCream, depoId, reportId, onClose }: EodFailureDialogProps) {
  const here = useLocation();
  const close = (
    <button type="button" className="button button--primary" onClick={onClose}>
      OK
    </button>
  );
  switch (failure.kind) {
    case 'card':
      return (
        <EodModal
          title="Card amount must be equals to Dankort card amount + other card amount"
          onClose={onClose}
          actions={close}
        >
          <p>Fill in: Card, Dankort, Other card</p>
          <dl className="eod-modal__amounts">
            <dt>Dankort</dt>
            <dd>{dkk(failure.dankort, tenant.locale)}</dd>
            <dt>Other card</dt>
            <dd>{dkk(failure.other, tenant.locale)}</dd>
            <dt>Card</dt>
            <dd>{dkk(failure.card, tenant.locale)}</dd>
            <dt>Missing amount</dt>
            <dd data-testid="eod-missing-amount">{dkk(failure.missing, tenant.locale)}</dd>
          </dl>
        </EodModal>
      );
    case 'miscellaneous':
      return (
        <EodModal title="Miscellaneous fields must match the total" onClose={onClose} actions={close}>
          <dl className="eod-modal__amounts">
            {miscellaneousLines(iceCream).map((line) => (
              <div key={line.field}>
                <dt>{line.label}</dt>
                <dd>{dkk(failure.fields[line.field] ?? 0, tenant.locale)}</dd>
              </div>
            ))}
            <dt>Total</dt>
            <dd>{dkk(failure.total, tenant.locale)}</dd>
            <dt>Missing amount</dt>
            <dd data-testid="eod-missing-amount">{dkk(failure.missing, tenant.locale)}</dd>
          </dl>
        </EodModal>
      );
    case 'stock':
      return (
        <EodModal
          title={`There is not enough stock in warehouse ${failure.warehouseCode}`}
          onClose={onClose}
          actions={close}
        >
          <table className="eod-modal__table">
            <thead>
              <tr>
                <th scope="col">Product sku</th>
                <th scope="col">Missing amount</th>
              </tr>
            </thead>
            <tbody>
              {failure.items.map((item) => (
                <tr key={item.sku}>
                  <td>{item.sku}</td>
                  <td>{item.missing}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {/* The transfer form starts with exactly the missing SKUs and amounts, and comes back here once made. */}
            <Link
              to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/new"
              params={{ tenant: tenant.slug, depoId, warehouseId: failure.warehouseId }}
              search={{
                kind: 'win_lose',
                to_warehouse_id: failure.warehouseId,
                lines: failure.items.map((item) => ({ sku: item.sku, amount: item.missing })),
                return_to: returnPath(here.pathname, here.searchStr, reportId),
              }}
            >
              Create win_lose stock transfer
            </Link>
          </p>
        </EodModal>
      );
    case 'already-approved':
      return (
        <EodModal title="Can't approve EOD report" onClose={onClose} actions={close}>
          <p>{failure.text}</p>
        </EodModal>
      );
  }
}
