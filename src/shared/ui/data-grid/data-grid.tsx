import { useEffect, useRef, useState } from 'react';
import type { DataGridProps } from './data-grid-props';
import { loadedGridEngine, loadGridEngine, type GridEngine } from './grid-engine';
import { PlainTable } from './plain-table';
import './data-grid.css';

export type { DataGridProps } from './data-grid-props';

/**
 * The product's table: full width, columns sized to their content, total count, empty state; wider
 * than the screen it scrolls sideways with its first and Actions columns pinned. Server-side paging
 * is left to the screen (it renders one page of rows).
 *
 * The first rows are drawn as a plain table; ag-grid is fetched once they are on screen and takes
 * over in the same box (its height held until the grid has drawn), so a list's first row never
 * waits for the grid's chunk (issue 8: ≤ 350 KB gzip of JS before the first row).
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { rows, ariaLabel, total, loading } = props;
  const container = useRef<HTMLDivElement>(null);
  const [Engine, setEngine] = useState<GridEngine | undefined>(loadedGridEngine);
  // While the grid takes over from the plain table: the plain table's height, kept so nothing below moves.
  const [heldHeight, setHeldHeight] = useState<number>();
  const [engineDrawn, setEngineDrawn] = useState(() => loadedGridEngine() !== undefined);
  const haveRows = rows !== undefined;

  useEffect(() => {
    if (Engine || !haveRows) return;
    let live = true;
    // After the browser has painted the first rows: the grid's chunk is not part of what they wait for.
    const frame = requestAnimationFrame(() => {
      window.setTimeout(() => {
        loadGridEngine().then(
          (loaded) => {
            if (!live) return;
            setHeldHeight(container.current?.getBoundingClientRect().height);
            setEngine(() => loaded);
          },
          // Offline or a failed chunk: the plain table stays, with its rows and controls working.
          () => undefined,
        );
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [Engine, haveRows]);

  const count = total === 'rows' ? rows?.length : total;
  return (
    <div className="data-grid" ref={container} style={engineDrawn ? undefined : { minHeight: heldHeight }}>
      {count !== undefined && !loading && (
        <p className="data-grid__count" data-testid="table-count">
          {count === 1 ? '1 record' : `${count} records`}
        </p>
      )}
      <div role="region" aria-label={ariaLabel}>
        {Engine ? (
          <Engine {...props} container={container} onDrawn={() => setEngineDrawn(true)} />
        ) : (
          <PlainTable {...props} />
        )}
      </div>
    </div>
  );
}
