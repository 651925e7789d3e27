import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { PrintState } from './use-print-state';
import './print.css';

interface Props {
  title: string;
  printState: PrintState;
  canPrint: boolean;
  onPrint: () => void;
  onClose: () => void;
  /** Controls shown above the pages on screen, never printed (the map's grid inputs). */
  controls?: ReactNode;
  children: ReactNode;
}

/**
 * A print preview over the page: a toolbar (Print, back to the editor) and the printable content. It lives
 * directly under <body>, so the print stylesheet can print it alone, without the app around it.
 */
export function PrintPreview({ title, printState, canPrint, onPrint, onClose, controls, children }: Props) {
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  return createPortal(
    <div className="print-root" role="region" aria-label={title} data-print-state={printState}>
      <div className="print-root__toolbar">
        <h2>{title}</h2>
        {controls}
        <button type="button" className="button button--primary" disabled={!canPrint} onClick={onPrint}>
          Print
        </button>
        <button ref={backRef} type="button" className="button" onClick={onClose}>
          Back to editor
        </button>
      </div>
      <div className="print-root__content">{children}</div>
    </div>,
    document.body,
  );
}
