import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorSentence } from '@/shared/errors/error-sentence';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DateField } from '@/shared/ui/date-range/date-field';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { routeOptionsQueryOptions, useApproveUnmappedEod, userOptionsQueryOptions } from '../api/eod-actions';
import { eodCarsQueryOptions, type EodListRow } from '../api/eod-list';
import { eodFailure, type EodFailure } from '../eod-failure';
import { EodModal } from './eod-modal';

export interface ApproveUnmappedDialogProps {
  slug: string;
  depoId: number;
  row: EodListRow;
  /** The report's opening day (the tenant's date). */
  date: string;
  onFailure: (failure: EodFailure) => void;
  onClose: () => void;
}

/** Approve EOD of an unmapped report: Date, Route, User (the report's by default), car, Cancel/Approve. */
export function ApproveUnmappedDialog({
  slug,
  depoId,
  row,
  date: initialDate,
  onFailure,
  onClose,
}: ApproveUnmappedDialogProps) {
  const [date, setDate] = useState(initialDate);
  const [routeId, setRouteId] = useState('');
  const [userId, setUserId] = useState(row.user_id ?? '');
  const [carId, setCarId] = useState(row.car_id ? String(row.car_id) : '');
  const routes = useQuery(routeOptionsQueryOptions(slug, depoId));
  const users = useQuery(userOptionsQueryOptions(slug, depoId));
  const cars = useQuery(eodCarsQueryOptions(slug, depoId));
  const approve = useApproveUnmappedEod(slug, depoId);
  const lock = useSubmitLock();
  // Said in the dialog too: the page's flash sits behind the modal, out of reach while it is open.
  const [message, setMessage] = useState<string | null>(null);
  const tell = (text: string) => {
    setMessage(text);
    showFlash(text, 'alert');
  };

  const submit = () => {
    if (!carId) {
      tell('You must choose car before approving EOD');
      return;
    }
    if (!lock.acquire()) return;
    approve.mutate(
      { id: row.id, carId: Number(carId), date, userId, routeId: Number(routeId) },
      {
        onSuccess: (answer) => {
          showFlash(`End of day report attached to plan event: ${answer.plan_event_title}`);
          onClose();
        },
        onError: (error) => {
          const failure = eodFailure(error);
          if (failure) onFailure(failure);
          else tell(errorSentence(error));
        },
        onSettled: () => lock.release(),
      },
    );
  };

  return (
    <EodModal
      title="Approve EOD"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={approve.isPending || !routeId || !userId}
            onClick={submit}
          >
            Approve
          </button>
        </>
      }
    >
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <DateField label="Date" value={date} onChange={setDate} required />
      <SelectField
        label="Route"
        value={routeId}
        placeholder="Select route"
        onChange={setRouteId}
        options={(routes.data ?? []).map((route) => ({ value: String(route.id), label: route.name }))}
      />
      <SelectField
        label="User"
        value={userId}
        placeholder="Select user"
        onChange={setUserId}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: user.full_name }))}
      />
      <SelectField
        label="Car"
        value={carId}
        placeholder="Select car"
        onChange={setCarId}
        options={(cars.data ?? []).map((car) => ({ value: String(car.id), label: car.internal_number }))}
      />
      <p className="muted">Cash register: {row.cash_register_name ?? '–'}</p>
    </EodModal>
  );
}
