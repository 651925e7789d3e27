import { useCallback, useEffect, useRef, useState } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';

/** Spec §4/§9: a submit lock of 2000 ms. */
export const SUBMIT_LOCK_MS = 2000;

/**
 * The order/transfer submit lock: one request at a time (a ref, so a double click is one request), and the
 * buttons stay disabled for 2 seconds after a click even when the answer comes sooner.
 */
export function useTwoSecondLock() {
  const lock = useSubmitLock();
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (work: () => Promise<void>) => {
      if (!lock.acquire()) return;
      setLocked(true);
      const until = new Promise<void>((resolve) => {
        timer.current = setTimeout(resolve, SUBMIT_LOCK_MS);
      });
      try {
        await work();
      } finally {
        await until;
        lock.release();
        setLocked(false);
      }
    },
    [lock],
  );
  return { locked, run };
}
