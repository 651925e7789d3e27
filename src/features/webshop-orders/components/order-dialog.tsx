import { useEffect, useRef, type ReactNode } from 'react';

/** A modal of the order screens: opens at once, Escape or the caller's Cancel closes it. */
export function OrderDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="confirm-dialog orders-dialog" aria-label={title} onCancel={onClose}>
      <h2 className="confirm-dialog__title">{title}</h2>
      {children}
    </dialog>
  );
}
