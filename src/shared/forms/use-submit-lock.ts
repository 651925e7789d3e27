import { useMemo, useRef } from 'react';

/**
 * One save at a time: a double click on Save sends one request. React state (a mutation's isPending)
 * only changes on the next render, so a second click in the same moment would pass a disabled-button
 * check; this lock is a ref and holds from the first click until the answer arrives.
 */
export function useSubmitLock() {
  const busy = useRef(false);
  return useMemo(
    () => ({
      /** True when this submit may go ahead; the lock then holds until `release`. */
      acquire(): boolean {
        if (busy.current) return false;
        busy.current = true;
        return true;
      },
      release(): void {
        busy.current = false;
      },
    }),
    [],
  );
}
