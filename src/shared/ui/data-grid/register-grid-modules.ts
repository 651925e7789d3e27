import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  RowApiModule,
  RowAutoHeightModule,
  RowStyleModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let registered = false;

/**
 * ag-grid needs its modules registered once per page, before the first grid renders. Only what the
 * product's tables use, so a table page does not carry every feature of the grid (AllCommunityModule
 * alone was a 321 kB gzip chunk). A grid option that needs another module logs which one in development.
 */
export function registerGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    ColumnAutoSizeModule,
    // The grid API the table calls (a missing module's call answers undefined in production): `getAllDisplayedColumns`
    // when fitting the columns to the width, `getDisplayedRowCount` when Tab moves between row controls.
    ColumnApiModule,
    RowApiModule,
    RowStyleModule,
    CellStyleModule,
    RowAutoHeightModule,
    TooltipModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
  registered = true;
}
