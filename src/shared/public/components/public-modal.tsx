import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal of the customer pages on the native <dialog>: focus stays inside, Escape closes (onClose), and the page
 * behind cannot be used. `open` drives it; the parent owns what happens on close.
 */
export function PublicModal({
  open,
  title,
  onClose,
  children,
  closeLabel,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeLabel: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`public-modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <div className="public-modal__head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="public-modal__close" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          </div>
          <div className="public-modal__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
