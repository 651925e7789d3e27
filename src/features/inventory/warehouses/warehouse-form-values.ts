import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { optionalText, requiredText } from '@/shared/forms/text-rules';
import type { Database, Tables, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';

export type WarehouseRow = Tables<'warehouses'>;
export type WarehouseOwnerType = Database['public']['Enums']['warehouse_owner_type'];

/** The owner select's value: `depo:<id>` or `car:<id>` (one select over both kinds of owner). */
export const ownerValue = (type: WarehouseOwnerType, id: number) => `${type}:${id}`;

export function parseOwner(value: string): { type: WarehouseOwnerType; id: number } | null {
  const match = /^(depo|car):(\d+)$/.exec(value);
  return match ? { type: match[1] as WarehouseOwnerType, id: Number(match[2]) } : null;
}

export interface WarehouseFormValues {
  code: string;
  name: string;
  owner: string;
  primary: boolean;
  axapta_id: string;
}

export const newWarehouseValues = (): WarehouseFormValues => ({
  code: '',
  name: '',
  owner: '',
  primary: false,
  axapta_id: '',
});

export function warehouseValuesFromRow(row: WarehouseRow): WarehouseFormValues {
  return {
    code: row.code,
    name: row.name,
    owner:
      row.owner_type === 'car' && row.owner_car_id !== null
        ? ownerValue('car', row.owner_car_id)
        : ownerValue('depo', row.depo_id),
    primary: row.primary,
    axapta_id: row.axapta_id ?? '',
  };
}

// The lengths are the table's checks.
export const warehouseInputSchema = z
  .object({
    code: requiredText(40),
    name: requiredText(120),
    owner: z.string().refine((value) => parseOwner(value) !== null, serverMessage('blank')),
    primary: z.boolean(),
    axapta_id: optionalText(40),
  })
  .transform((input) => {
    const owner = parseOwner(input.owner)!;
    // Only a depo's warehouse can be its primary one.
    return {
      ...input,
      ownerType: owner.type,
      ownerCarId: owner.type === 'car' ? owner.id : null,
      primary: owner.type === 'depo' && input.primary,
    };
  });

export type WarehouseInput = z.output<typeof warehouseInputSchema>;

/** The columns the form writes; the AX id only where the tenant has it (elsewhere it is left as it is). */
export function warehouseChanges(input: WarehouseInput, hasErpId: boolean): TablesUpdate<'warehouses'> {
  return {
    code: input.code,
    name: input.name,
    owner_type: input.ownerType,
    owner_car_id: input.ownerCarId,
    primary: input.primary,
    ...(hasErpId ? { axapta_id: input.axapta_id } : {}),
  };
}

export function warehouseInsert(
  input: WarehouseInput,
  tenantId: string,
  depoId: number,
  hasErpId: boolean,
): TablesInsert<'warehouses'> {
  const changes = warehouseChanges(input, hasErpId);
  return {
    ...changes,
    code: input.code,
    name: input.name,
    owner_type: input.ownerType,
    tenant_id: tenantId,
    depo_id: depoId,
  };
}
