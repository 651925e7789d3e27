import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { getCurrentConfirm, settleConfirm, subscribeToConfirm, type ConfirmRequest } from './confirm-store';
import { dialogKeyAction, trappedFocusIndex } from './dialog-keys';
import './confirm.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Shows the questions asked with `confirm()`; mount it once, in the root route. */
export function ConfirmHost() {
  const request = useSyncExternalStore(subscribeToConfirm, getCurrentConfirm);
  // A new key per question resets focus handling for each one.
  return request ? <ConfirmDialog key={request.id} request={request} /> : null;
}

function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    // Focus goes back where it was when the question is answered.
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal makes the rest of the page inert and puts the dialog above everything.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    confirmRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  const answer = (value: boolean) => settleConfirm(request.id, value);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const action = dialogKeyAction(event.key, event.shiftKey, event.target === cancelRef.current);
    if (action === 'none') return;
    event.preventDefault();
    if (action === 'confirm') answer(true);
    else if (action === 'cancel') answer(false);
    else {
      const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const current = focusable.indexOf(document.activeElement as HTMLElement);
      focusable[trappedFocusIndex(current, focusable.length, action === 'focus-previous')]?.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={request.title ? titleId : messageId}
      aria-describedby={request.title ? messageId : undefined}
      onKeyDown={handleKeyDown}
      // The browser's own Escape handling closes the dialog: treat it as Cancel.
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      {request.title && (
        <h2 id={titleId} className="confirm-dialog__title">
          {request.title}
        </h2>
      )}
      <p id={messageId} className="confirm-dialog__message">
        {request.message}
      </p>
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="button" onClick={() => answer(false)}>
          {request.cancelLabel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className={`button button--primary${request.destructive ? ' button--danger' : ''}`}
          onClick={() => answer(true)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
