import type { Enums } from '@/shared/supabase/database.types';

export type StockKind = Enums<'stock_kind'>;

/** The kinds a person chooses (sales and manual counting come from the EOD and counting approvals). */
export const CHOOSABLE_KINDS: readonly StockKind[] = ['regular', 'write_off', 'other', 'win_lose'];

/** The selects of the order/transfer form. */
export interface MoveTargets {
  fromWarehouseId: number | null;
  toWarehouseId: number | null;
  kind: StockKind;
}

export interface KindContext {
  /** Transfer form (choosing a to-warehouse while write_off clears the kind). */
  transfer: boolean;
  /** The tenant flag: a write-off leaves the to-warehouse empty. */
  writeOffWithoutTo: boolean;
}

/** Spec §4: win_lose clears the from-warehouse; in the flagged tenant write_off empties the to-warehouse. */
export function chooseKind(targets: MoveTargets, kind: StockKind, context: KindContext): MoveTargets {
  return {
    kind,
    fromWarehouseId: kind === 'win_lose' ? null : targets.fromWarehouseId,
    toWarehouseId: kind === 'write_off' && context.writeOffWithoutTo ? null : targets.toWarehouseId,
  };
}

/** Changing the from-warehouse while kind is win_lose clears the kind. */
export function chooseFrom(targets: MoveTargets, fromWarehouseId: number | null): MoveTargets {
  return {
    ...targets,
    fromWarehouseId,
    kind: targets.kind === 'win_lose' && fromWarehouseId !== null ? 'regular' : targets.kind,
  };
}

/** In transfers (and in the flagged tenant), choosing a to-warehouse while kind is write_off clears the kind. */
export function chooseTo(targets: MoveTargets, toWarehouseId: number | null, context: KindContext): MoveTargets {
  const clears =
    toWarehouseId !== null && targets.kind === 'write_off' && (context.transfer || context.writeOffWithoutTo);
  return { ...targets, toWarehouseId, kind: clears ? 'regular' : targets.kind };
}

interface WarehouseChoice {
  id: number;
  owner_type: Enums<'warehouse_owner_type'>;
  primary: boolean;
}

/**
 * Spec §4 defaults: opened for a car's warehouse, it is the to-warehouse and the depo's primary warehouse the
 * from-warehouse; otherwise the to-warehouse is the depo's primary warehouse.
 */
export function defaultTargets(
  openedFor: WarehouseChoice | undefined,
  warehouses: readonly WarehouseChoice[],
): MoveTargets {
  const primary = warehouses.find((w) => w.primary && w.owner_type === 'depo');
  if (openedFor?.owner_type === 'car') {
    return {
      kind: 'regular',
      toWarehouseId: openedFor.id,
      fromWarehouseId: primary?.id ?? null,
    };
  }
  return {
    kind: 'regular',
    toWarehouseId: primary?.id ?? null,
    fromWarehouseId: null,
  };
}
