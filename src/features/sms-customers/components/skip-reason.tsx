import { useEffect, useId, useRef, useState } from 'react';
import { smsSkipReasonWord } from '@/shared/vocabulary/code-words';
import { createPortal } from 'react-dom';

/** Spec §9: the SMS skip tooltip opens with a 200 ms delay. */
export const SKIP_TOOLTIP_DELAY_MS = 200;

/**
 * A skipped SMS's first reason, with every reason (the comma-separated description) in a tooltip that opens
 * 200 ms after the pointer or the keyboard focus arrives, and closes when it leaves or on Escape.
 */
export function SkipReason({ reason, description }: { reason: string; description: string | null }) {
  // Where the tooltip shows: under the reason, outside the grid's cell (which clips what overflows it).
  const [open, setOpen] = useState<{ top: number; left: number } | null>(null);
  const anchor = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const tooltipId = useId();
  const cancel = () => window.clearTimeout(timer.current);
  const show = () => {
    cancel();
    timer.current = window.setTimeout(() => {
      const box = anchor.current?.getBoundingClientRect();
      if (box) setOpen({ top: box.bottom + 4, left: box.left });
    }, SKIP_TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    cancel();
    setOpen(null);
  };
  useEffect(() => cancel, []);
  return (
    <span className="sms-customers__skip">
      <button
        ref={anchor}
        type="button"
        className="sms-customers__skip-reason"
        aria-describedby={open ? tooltipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
      >
        {smsSkipReasonWord(reason)}
      </button>
      {open &&
        createPortal(
          <span
            role="tooltip"
            id={tooltipId}
            className="sms-customers__tooltip"
            style={{ top: open.top, left: open.left }}
          >
            {description ?? smsSkipReasonWord(reason)}
          </span>,
          document.body,
        )}
    </span>
  );
}
