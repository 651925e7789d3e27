import { useEffect, useRef } from 'react';
import { MANAGER_COMMENT_DIALOG } from '../feedback-text';

/** The spec's dialog when a negative feedback is approved without a manager comment. */
export function ManagerCommentDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby="manager-comment-title" onCancel={onClose}>
      <h2 id="manager-comment-title" className="confirm-dialog__title">
        {MANAGER_COMMENT_DIALOG.title}
      </h2>
      <p>{MANAGER_COMMENT_DIALOG.text}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </dialog>
  );
}
