import { useEffect, useRef } from 'react';

/** A <dialog> shown modal while the component is mounted (focus kept inside, Escape closes it). */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
