import { useState } from 'react';
import { useOrdersMember } from '../orders-member';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { todayIn } from '@/shared/dates/today-in';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { changeOrderRoute, useOrderMutation, type RouteChange } from '../api/order-actions';
import { usePlanEventChoices, usePlanEventStops, type PlanEventStop } from '../api/get-route-stops';
import type { WebshopOrder } from '../api/get-webshop-orders';
import { OrderDialog } from './order-dialog';

const BLANK = "Can't be blank";

/** The delivery time a stop gives the order: its current estimate in the tenant's clock (HH:mm). */
function deliveryTime(stop: PlanEventStop | undefined, dateFormat: string, timeZone: string): string {
  if (!stop?.google_estimate_time) return '';
  return formatTenantDateTime(stop.google_estimate_time, dateFormat, timeZone).split(' ').at(-1) ?? '';
}

/**
 * Change route: a plan event of the depo (today on) and a stop of it, or its first stop where the tenant offers
 * that (the ice-cream layout), with the delivery time the order would get.
 */
export function ChangeRouteDialog({
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
  const icecream = tenant.uses_ice_cream_eod_layout;
  const events = usePlanEventChoices(slug, depoId, todayIn(tenant.time_zone));
  const [planEventId, setPlanEventId] = useState<number | null>(null);
  const [pointId, setPointId] = useState<number | null>(null);
  const [firstStop, setFirstStop] = useState(false);
  const [errors, setErrors] = useState<{ planEvent?: string; point?: string }>({});
  const stops = usePlanEventStops(slug, depoId, planEventId);
  const lock = useSubmitLock();
  const change = useOrderMutation(slug, depoId, changeOrderRoute);

  const chosenStop = firstStop ? stops.data?.[0] : stops.data?.find((stop) => stop.id === pointId);
  const preview = deliveryTime(chosenStop, tenant.date_format, tenant.time_zone);

  const save = () => {
    const found = {
      planEvent: planEventId === null ? BLANK : undefined,
      point: !firstStop && pointId === null ? BLANK : undefined,
    };
    setErrors(found);
    if (found.planEvent || found.point || !lock.acquire()) return;
    const args: RouteChange = {
      orderId: order.id,
      planEventId: planEventId!,
      pointId: firstStop ? null : pointId,
      firstStop,
    };
    change.mutate(args, {
      onSuccess: () => {
        showFlash('Order updated');
        onClose();
      },
      onError: (error) => flashRequestError(error),
      onSettled: () => lock.release(),
    });
  };

  return (
    <OrderDialog title="Change route" onClose={onClose}>
      <label className="field">
        <span className="field__label">New route</span>
        <select
          className="field__input"
          aria-invalid={errors.planEvent ? true : undefined}
          value={planEventId ?? ''}
          onChange={(event) => {
            setPlanEventId(event.target.value ? Number(event.target.value) : null);
            setPointId(null);
          }}
        >
          <option value="">Choose route</option>
          {events.data?.map((event) => (
            <option key={event.id} value={event.id}>
              {`${formatTenantDate(event.date, tenant.date_format)} ${event.route?.name ?? ''}`}
            </option>
          ))}
        </select>
        {errors.planEvent && <span className="field__error">{errors.planEvent}</span>}
      </label>
      {icecream && (
        <label className="checkbox-field">
          <input type="checkbox" checked={firstStop} onChange={(event) => setFirstStop(event.target.checked)} /> First
          stop
        </label>
      )}
      {!firstStop && (
        <label className="field">
          <span className="field__label">Route stop</span>
          <select
            className="field__input"
            aria-invalid={errors.point ? true : undefined}
            value={pointId ?? ''}
            disabled={planEventId === null}
            onChange={(event) => setPointId(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">Choose stop</option>
            {stops.data?.map((stop) => (
              <option key={stop.id} value={stop.id}>
                {`${stop.position}. ${stop.address ?? ''}`}
              </option>
            ))}
          </select>
          {errors.point && <span className="field__error">{errors.point}</span>}
        </label>
      )}
      {icecream && (
        <p className="orders-dialog__preview" aria-live="polite">
          Delivery time: <output>{preview || '-'}</output>
        </p>
      )}
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        <button type="button" className="button button--primary" disabled={change.isPending} onClick={save}>
          Save
        </button>
      </div>
    </OrderDialog>
  );
}
