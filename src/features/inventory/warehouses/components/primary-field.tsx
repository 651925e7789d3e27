import { useController, type Control } from 'react-hook-form';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import type { WarehouseInput, WarehouseFormValues } from '../warehouse-form-values';

export interface PrimaryFieldProps {
  control: Control<WarehouseFormValues, unknown, WarehouseInput>;
  /** The depo's primary warehouse when it is another one than this. */
  otherPrimary: { code: string; name: string } | undefined;
}

/** Primary: ticking it while another warehouse of the depo is primary warns and asks first (that one loses the mark). */
export function PrimaryField({ control, otherPrimary }: PrimaryFieldProps) {
  const { field } = useController({ control, name: 'primary' });
  const change = async (checked: boolean) => {
    if (
      checked &&
      otherPrimary &&
      !(await confirm({
        message: 'Are you sure you want to set this as your primary warehouse?',
      }))
    )
      return;
    field.onChange(checked);
  };
  return (
    <CheckboxField
      label="Primary"
      checked={field.value}
      onChange={(checked) => void change(checked)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      hint={
        otherPrimary
          ? `${otherPrimary.name} (${otherPrimary.code}) is the primary warehouse of this depo now: saving moves the mark here.`
          : undefined
      }
    />
  );
}
