import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';

let registered = false;

/** ag-grid needs its modules registered once per page, before the first grid renders. */
export function registerGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
  registered = true;
}
