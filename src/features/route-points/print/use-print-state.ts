import { useCallback, useEffect, useState } from 'react';

/** Printing moves none → started → ended (delivery-operations §4, Route editor). */
export type PrintState = 'none' | 'started' | 'ended';

/**
 * Opens the browser's print dialog and follows it: `started` at the click, `ended` when the browser says
 * printing is over (afterprint), whether the person printed or cancelled. `onEnded` runs once per print.
 */
export function usePrintState(onEnded: () => void): { state: PrintState; print: () => void } {
  const [state, setState] = useState<PrintState>('none');

  useEffect(() => {
    if (state !== 'started') return;
    const ended = () => {
      setState('ended');
      onEnded();
    };
    window.addEventListener('afterprint', ended, { once: true });
    return () => window.removeEventListener('afterprint', ended);
  }, [state, onEnded]);

  const print = useCallback(() => setState('started'), []);

  // The dialog opens once the listener above is in place (window.print blocks in some browsers).
  useEffect(() => {
    if (state === 'started') window.print();
  }, [state]);

  return { state, print };
}
