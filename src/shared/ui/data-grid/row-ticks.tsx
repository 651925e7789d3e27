import { createContext, useContext, useMemo, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { toggledIn } from '@/shared/collections/toggled-in';

/** The rows ticked in one grid, read and flipped by the grid's cells. */
export interface RowTicks {
  has(id: number): boolean;
  toggle(id: number): void;
}

const RowTicksContext = createContext<RowTicks | null>(null);

/** Ticks from a page's `useState` set. */
export function useRowTicks(
  ticked: ReadonlySet<number>,
  setTicked: Dispatch<SetStateAction<ReadonlySet<number>>>,
): RowTicks {
  return useMemo(
    () => ({
      has: (id) => ticked.has(id),
      toggle: (id) => setTicked((current) => toggledIn(current, id)),
    }),
    [ticked, setTicked],
  );
}

/**
 * Cells read the ticks through context, so a tick re-renders its checkbox in the same commit as the click. Passing the
 * set through the grid's columns rebuilt every cell a frame later instead: React had already put the controlled
 * checkbox back, so a quick second look (a person's, or a test's) saw the click ignored, and a focused box was replaced.
 */
export function RowTicksProvider({ ticks, children }: { ticks: RowTicks; children: ReactNode }) {
  return <RowTicksContext.Provider value={ticks}>{children}</RowTicksContext.Provider>;
}

export interface RowTickProps {
  id: number;
  label: string;
  disabled?: boolean;
  className?: string;
}

/** A row's checkbox inside a grid wrapped in `RowTicksProvider`. */
export function RowTick({ id, label, disabled, className }: RowTickProps) {
  const ticks = useContext(RowTicksContext);
  if (!ticks) throw new Error('RowTick needs a RowTicksProvider around its grid');
  return (
    <input
      type="checkbox"
      className={className}
      aria-label={label}
      checked={ticks.has(id)}
      disabled={disabled}
      onChange={() => ticks.toggle(id)}
    />
  );
}
