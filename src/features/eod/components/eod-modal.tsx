import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface EodModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}

/** A modal of the EOD screens on the native <dialog>: focus stays inside, Escape closes. */
export function EodModal({ title, onClose, children, actions }: EodModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog eod-modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      {children}
      <div className="confirm-dialog__actions">{actions}</div>
    </dialog>
  );
}
