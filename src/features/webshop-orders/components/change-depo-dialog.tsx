import { useState } from 'react';
import { useOrdersMember } from '../orders-member';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { moveOrderToDepo, useOrderMutation } from '../api/order-actions';
import type { WebshopOrder } from '../api/get-webshop-orders';
import { OrderDialog } from './order-dialog';

/** Change depo: the order moves to another depo the member works in (the database checks the same). */
export function ChangeDepoDialog({
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
  const { depos } = useOrdersMember();
  const others = depos.filter((depo) => depo.id !== depoId);
  const [target, setTarget] = useState<number | ''>('');
  const [blank, setBlank] = useState(false);
  const lock = useSubmitLock();
  const move = useOrderMutation(slug, depoId, (to: number) => moveOrderToDepo(order.id, to));
  const save = () => {
    if (target === '') return setBlank(true);
    if (!lock.acquire()) return;
    move.mutate(target, {
      onSuccess: () => {
        showFlash('Order updated');
        onClose();
      },
      onError: (error) => flashRequestError(error),
      onSettled: () => lock.release(),
    });
  };
  return (
    <OrderDialog title="Change depo" onClose={onClose}>
      <label className="field">
        <span className="field__label">Depo</span>
        <select
          className="field__input"
          value={target}
          onChange={(event) => setTarget(event.target.value ? Number(event.target.value) : '')}
        >
          <option value="">Choose depo</option>
          {others.map((depo) => (
            <option key={depo.id} value={depo.id}>
              {depo.title}
            </option>
          ))}
        </select>
        {blank && <span className="field__error">Can&apos;t be blank</span>}
      </label>
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        <button type="button" className="button button--primary" disabled={move.isPending} onClick={save}>
          Save
        </button>
      </div>
    </OrderDialog>
  );
}
