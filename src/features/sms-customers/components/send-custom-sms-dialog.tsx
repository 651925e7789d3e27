import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useModalDialog } from '@/shared/hooks/use-modal-dialog';
import { errorSentence } from '@/shared/errors/error-sentence';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { countSmsToSend, sendTemplateSms } from '../api/sms-customer-actions';
import { smsTemplatesForSendingQueryOptions } from '../api/sms-customers-queries';

/** Spec §5, word for word. */
export const confirmSendText = (count: number) => `You are about to send ${count} SMS, do you want to continue?`;

/**
 * The confirm's question, and when fewer SMS go than customers were ticked, why the others are left out (the
 * database's count leaves out a customer without SMS permission, with SMS stopped or without a valid phone).
 */
export function confirmSendQuestion(count: number, ticked: number): string {
  const left = ticked - count;
  if (left <= 0) return confirmSendText(count);
  const who = left === 1 ? '1 of the ticked customers gets' : `${left} of the ticked customers get`;
  return `${confirmSendText(count)} ${who} no SMS: no SMS permission, SMS stopped, or no valid phone number.`;
}

interface Props {
  slug: string;
  planEventId: number;
  customerIds: number[];
  onClose: () => void;
  onSent: () => void;
}

/**
 * The template chooser of Send Custom SMS (spec §2, §5): a template and at least one ticked customer, then the
 * browser-style confirm with N counted by the database, then the SMS engine's send under a request key, so a
 * double click or a retry after a lost answer sends once.
 */
export function SendCustomSmsDialog({ slug, planEventId, customerIds, onClose, onSent }: Props) {
  const dialogRef = useModalDialog();
  const titleId = useId();
  const selectId = useId();
  const templates = useQuery(smsTemplatesForSendingQueryOptions(slug, planEventId));
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const lock = useSubmitLock();
  const keys = useRequestKeys();

  const send = async () => {
    if (templateId === null || customerIds.length === 0 || !lock.acquire()) return;
    setBusy(true);
    // One intent: these customers, this template.
    const scope = `${templateId}:${[...customerIds].sort((a, b) => a - b).join(',')}`;
    try {
      const count = await countSmsToSend(planEventId, customerIds);
      if (!(await confirm({ message: confirmSendQuestion(count, new Set(customerIds).size) }))) return;
      const answer = await sendTemplateSms({ planEventId, templateId, customerIds, requestKey: keys.keyFor(scope) });
      keys.succeeded(scope);
      showFlash(answer);
      onSent();
    } catch (failure) {
      showFlash(errorSentence(failure), 'alert');
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog sms-customers__modal"
      aria-labelledby={titleId}
      onCancel={onClose}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Send Custom SMS
      </h2>
      {templates.error ? <p role="alert">{requestErrorText(templates.error)}</p> : null}
      <label htmlFor={selectId}>SMS template</label>
      <select
        id={selectId}
        value={templateId ?? ''}
        disabled={!templates.data}
        onChange={(event) => setTemplateId(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Choose a template</option>
        {(templates.data ?? []).map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      <p>{customerIds.length === 1 ? '1 customer selected' : `${customerIds.length} customers selected`}</p>
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || templateId === null || customerIds.length === 0}
          onClick={() => void send()}
        >
          Send
        </button>
      </div>
    </dialog>
  );
}
