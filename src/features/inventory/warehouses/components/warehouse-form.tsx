import { useWatch } from 'react-hook-form';
import { FormSelectField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useWarehouseOwners } from '../api/get-warehouse-owners';
import { useWarehouses } from '../api/get-warehouses';
import { useSaveWarehouse } from '../api/save-warehouse';
import {
  newWarehouseValues,
  ownerValue,
  parseOwner,
  warehouseChanges,
  warehouseInputSchema,
  warehouseInsert,
  warehouseValuesFromRow,
  type WarehouseRow,
} from '../warehouse-form-values';
import { PrimaryField } from './primary-field';

export interface WarehouseFormProps {
  slug: string;
  depoId: number;
  tenant: { id: string; has_erp_warehouse_id: boolean };
  warehouse?: WarehouseRow;
  onSaved?: (warehouse: WarehouseRow, created: boolean) => void;
}

/** New or edit warehouse: code, name, owner (the depo or a car without a warehouse), Primary for a depo owner, AX id by tenant flag. */
export function WarehouseForm({ slug, depoId, tenant, warehouse, onSaved }: WarehouseFormProps) {
  const save = useSaveWarehouse(slug, depoId);
  const { form, savedId, submit, saving, baseError } = useRecordForm({
    row: warehouse,
    newValues: newWarehouseValues,
    valuesFromRow: warehouseValuesFromRow,
    schema: warehouseInputSchema,
    save: (id, input) =>
      save.mutateAsync({
        id,
        insert: warehouseInsert(input, tenant.id, depoId, tenant.has_erp_warehouse_id),
        changes: warehouseChanges(input, tenant.has_erp_warehouse_id),
      }),
    onSaved: (row, created) => {
      showFlash(`Warehouse with code: "${row.code}" successfully updated!`);
      onSaved?.(row, created);
    },
    onFailed: (failure) => flashRequestError(failure),
    // The table's owner columns are the form's one owner select.
    aliases: { owner_type: 'owner', owner_car_id: 'owner' },
  });
  const owners = useWarehouseOwners(slug, depoId, savedId);
  const warehouses = useWarehouses(slug, depoId);
  const { control } = form;
  const owner = parseOwner(useWatch({ control, name: 'owner' }));
  const otherPrimary = warehouses.data?.find((w) => w.primary && w.id !== savedId);
  const ownerOptions = (owners.data ?? []).map((o) => ({
    value: ownerValue(o.owner_type, o.owner_id),
    label: o.title,
    disabled: !o.available,
  }));

  return (
    <FormShell
      label={warehouse ? `Edit Warehouse #${warehouse.id}` : 'New Warehouse'}
      onSubmit={submit}
      baseError={baseError}
      actions={<SaveButton saving={saving} />}
    >
      <FormTextField control={control} name="code" label="Code" required />
      <FormTextField control={control} name="name" label="Name" required />
      <FormSelectField
        control={control}
        name="owner"
        label="Owner"
        options={ownerOptions}
        placeholder="Choose an owner"
        required
      />
      {owner?.type === 'depo' && <PrimaryField control={control} otherPrimary={otherPrimary} />}
      {tenant.has_erp_warehouse_id && <FormTextField control={control} name="axapta_id" label="AX Warehouse ID" />}
    </FormShell>
  );
}
