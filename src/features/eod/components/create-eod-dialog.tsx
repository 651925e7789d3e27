import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorSentence } from '@/shared/errors/error-sentence';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DateField } from '@/shared/ui/date-range/date-field';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { cashRegistersQueryOptions, planEventOptionsQueryOptions, useCreateEod } from '../api/eod-actions';
import { EodModal } from './eod-modal';

export interface CreateEodDialogProps {
  slug: string;
  depoId: number;
  today: string;
  onClose: () => void;
}

/** Create new EOD: a date, one of that day's plan events and a cash register (§2, §5). */
export function CreateEodDialog({ slug, depoId, today, onClose }: CreateEodDialogProps) {
  const [date, setDate] = useState(today);
  const [planEventId, setPlanEventId] = useState('');
  const [cashRegisterId, setCashRegisterId] = useState('');
  const planEvents = useQuery(planEventOptionsQueryOptions(slug, depoId, date));
  const registers = useQuery(cashRegistersQueryOptions(slug, depoId));
  const create = useCreateEod(slug, depoId);
  const keys = useRequestKeys();
  const lock = useSubmitLock();
  // Said in the dialog too: the page's flash sits behind the modal, out of reach while it is open.
  const [message, setMessage] = useState<string | null>(null);
  const tell = (text: string) => {
    setMessage(text);
    showFlash(text, 'alert');
  };

  const submit = () => {
    if (!planEventId || !cashRegisterId) {
      tell('You must select plan event and cash register to continue');
      return;
    }
    if (!lock.acquire()) return;
    const scope = `${planEventId}:${cashRegisterId}`;
    create.mutate(
      { planEventId: Number(planEventId), cashRegisterId: Number(cashRegisterId), requestKey: keys.keyFor(scope) },
      {
        onSuccess: () => {
          keys.succeeded(scope);
          showFlash('End of day report created');
          onClose();
        },
        onError: (error) => tell(errorSentence(error)),
        onSettled: () => lock.release(),
      },
    );
  };

  return (
    <EodModal
      title="Create new EOD"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={create.isPending} onClick={submit}>
            Create EOD
          </button>
        </>
      }
    >
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <DateField
        label="Date"
        value={date}
        onChange={(next) => {
          setDate(next);
          setPlanEventId('');
        }}
        required
      />
      <SelectField
        label="Plan event"
        value={planEventId}
        placeholder="Select plan event"
        options={(planEvents.data ?? []).map((option) => ({ value: String(option.id), label: option.title }))}
        onChange={(value) => {
          setPlanEventId(value);
          const preset = planEvents.data?.find((option) => String(option.id) === value)?.cash_register_id;
          if (preset) setCashRegisterId(String(preset));
        }}
      />
      <SelectField
        label="Cash register"
        value={cashRegisterId}
        placeholder="Select cash register"
        options={(registers.data ?? []).map((register) => ({ value: String(register.id), label: register.name }))}
        onChange={setCashRegisterId}
      />
    </EodModal>
  );
}
