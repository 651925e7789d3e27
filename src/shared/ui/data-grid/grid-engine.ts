import type { AgDataGrid } from './ag-data-grid';

export type GridEngine = typeof AgDataGrid;

let engine: GridEngine | undefined;
let loading: Promise<GridEngine> | undefined;

/** ag-grid once it has been loaded on this page: later tables draw with it straight away. */
export function loadedGridEngine(): GridEngine | undefined {
  return engine;
}

/** Loads ag-grid (one chunk, ~200 KB gzip) once per page. */
export function loadGridEngine(): Promise<GridEngine> {
  loading ??= import('./ag-data-grid').then(
    (module) => (engine = module.AgDataGrid),
    (error: unknown) => {
      // A failed download may be tried again by the next table.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
