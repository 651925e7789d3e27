import type { ProductMinimum } from './product-form-values';

export type MinimumColumn = 'minimum_for_depo' | 'minimum_for_cars';

/** A double click copies a row's minimum down: into every row below it the caller may edit (the others keep theirs). */
export function editableRowsBelow(minimums: readonly Pick<ProductMinimum, 'editable'>[], from: number): number[] {
  return minimums.flatMap((minimum, index) => (index > from && minimum.editable ? [index] : []));
}

/** A drag copies into the row it is dropped on, when that is another row the caller may edit. */
export function canDropOn(minimums: readonly Pick<ProductMinimum, 'editable'>[], from: number, to: number): boolean {
  return from !== to && minimums[to]?.editable === true;
}
