import { useId } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { fullMessage } from '@/shared/errors/form-errors';
import { FormCheckboxField, FormRadioGroupField, FormSelectField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm, type RecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { useSaveUser } from '../api/save-user';
import { useLakridsDrivers } from '../api/search-lakrids-drivers';
import { useWallmobUsers } from '../api/search-wallmob-users';
import {
  depoSelectKind,
  emptyUserForm,
  userBodyFromForm,
  userFormSchema,
  userToForm,
  type UserFormValues,
} from '../user-form-values';
import { USER_ROLES, type SavedUser, type StaffUser, type UserRole } from '../user-schema';
import { LookupField, type LookupOptionsState } from './lookup-field';
import '../users.css';

export const USER_SAVED_MESSAGE = 'User successfully updated';
export const IDENTITY_LOCKED_TEXT =
  'This user also works where you have no authority (another tenant, or depos or a role outside yours), so their name, ' +
  'e-mail and password cannot be changed here. You can still change their role, depos and status in this tenant.';

const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Admin',
  depo_admin: 'Depo admin',
  support: 'Support',
  driver: 'Driver',
};

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export interface UserFormProps {
  tenant: { slug: string; has_lakrids: boolean; has_wallmob: boolean };
  /** The signed-in member's role: only admins may make admins. */
  viewerRole: UserRole;
  depos: readonly { id: number; title: string }[];
  /** The depo of the page, preselected for a new user. */
  depoId: number;
  user: StaffUser | null;
  onSaved: (user: SavedUser, created: boolean) => void;
}

/** Wallmob users matching the typed text, as lookup options (a hook: called at the top of LookupField). */
function useWallmobOptions(slug: string, text: string): LookupOptionsState {
  const { data, isFetching, isError } = useWallmobUsers(slug, text);
  return { data: data?.map((item) => ({ value: item.id, label: item.full_name })), isFetching, isError };
}

/** Lakrids drivers matching the typed text, as lookup options. */
function useLakridsOptions(slug: string, text: string): LookupOptionsState {
  const { data, isFetching, isError } = useLakridsDrivers(slug, text);
  return { data: data?.map((item) => ({ value: item.driver_number, label: item.name })), isFetching, isError };
}

/** The staff user form: fields follow the role (depo select kind, franchise) and the tenant (wallmob, lakrids). */
export function UserForm({ tenant, viewerRole, depos, depoId, user, onSaved }: UserFormProps) {
  const save = useSaveUser(tenant.slug);
  // The server answers whether the viewer may change this user's global identity (the database decides).
  const identityLocked = user?.identity_editable === false;
  const { form, submit, saving, baseError }: RecordForm<UserFormValues, UserFormValues, string> = useRecordForm<
    UserFormValues,
    UserFormValues,
    SavedUser,
    string
  >({
    row: user ?? undefined,
    newValues: () => emptyUserForm(depoId),
    valuesFromRow: userToForm,
    schema: userFormSchema({ identityLocked }),
    save: (id, values) =>
      save.mutateAsync({
        userId: id ?? null,
        body: userBodyFromForm(values, { hasLakrids: tenant.has_lakrids, hasWallmob: tenant.has_wallmob }),
      }),
    onSaved: (saved, created) => {
      showFlash(USER_SAVED_MESSAGE);
      onSaved(saved, created);
    },
    onFailed: (failure) => flashRequestError(failure),
    // The depo select on screen answers for both depo fields: the single one, or the depo admin's several.
    aliases: (): Record<string, string> =>
      depoSelectKind(form.getValues('role') as UserRole) === 'multiple'
        ? { depo_id: 'depo_ids' }
        : { depo_ids: 'depo_id' },
  });
  const { control } = form;
  const [role, wallmobId, wallmobName, lakridsId, lakridsName] = useWatch({
    control,
    name: ['role', 'wallmob_id', 'wallmob_name', 'lakrids_driver_id', 'lakrids_driver_name'],
  });
  const kind = depoSelectKind(role);
  const errors = form.formState.errors;
  const fullError = (field: string, message: string | undefined) => (message ? fullMessage(field, message) : undefined);

  const roles = USER_ROLES.filter((option) => option !== 'admin' || viewerRole === 'admin' || user?.role === 'admin');
  const depoOptions = depos.map((depo) => ({ value: String(depo.id), label: depo.title }));

  return (
    <FormShell
      label="User"
      className="user-form"
      onSubmit={submit}
      baseError={baseError}
      fullMessages
      actions={<SaveButton saving={saving} />}
    >
      {identityLocked && (
        <p className="user-form__identity-note" role="note">
          {IDENTITY_LOCKED_TEXT}
        </p>
      )}
      <FormTextField control={control} name="first_name" label="First name" readOnly={identityLocked} />
      <FormTextField control={control} name="last_name" label="Last name" readOnly={identityLocked} />
      <FormTextField control={control} name="email" label="Email" type="email" readOnly={identityLocked} />
      <FormSelectField
        control={control}
        name="role"
        label="Role"
        options={roles.map((option) => ({ value: option, label: ROLE_LABELS[option] }))}
      />
      {kind === 'single' && (
        <FormSelectField
          control={control}
          name="depo_id"
          label="Depo"
          placeholder="Choose a depo"
          options={depoOptions}
        />
      )}
      {kind === 'multiple' && <DepoMultiSelect control={control} options={depoOptions} />}
      {role === 'driver' && <FormCheckboxField control={control} name="franchise_driver" label="Franchise driver" />}
      <FormTextField control={control} name="axapta_code" label="Axapta code" />
      {tenant.has_wallmob && (
        <LookupField
          label="Wallmob user"
          chosenValue={wallmobId}
          chosenLabel={wallmobName}
          scope={tenant.slug}
          useOptions={useWallmobOptions}
          onChoose={(option) => {
            form.setValue('wallmob_id', option?.value ?? '', { shouldDirty: true });
            form.setValue('wallmob_name', option?.label ?? '', { shouldDirty: true });
          }}
          error={
            fullError('wallmob_id', errors.wallmob_id?.message) ??
            fullError('wallmob_name', errors.wallmob_name?.message)
          }
        />
      )}
      {tenant.has_lakrids && (
        <LookupField
          label="Lakrids driver"
          chosenValue={lakridsId}
          chosenLabel={lakridsName}
          scope={tenant.slug}
          useOptions={useLakridsOptions}
          onChoose={(option) => {
            form.setValue('lakrids_driver_id', option?.value ?? '', { shouldDirty: true });
            form.setValue('lakrids_driver_name', option?.label ?? '', { shouldDirty: true });
          }}
          error={
            fullError('lakrids_driver_id', errors.lakrids_driver_id?.message) ??
            fullError('lakrids_driver_name', errors.lakrids_driver_name?.message)
          }
        />
      )}
      <FormRadioGroupField control={control} name="status" legend="Status" options={statusOptions} />
      {!identityLocked && (
        <>
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={
              user
                ? 'Leave blank to keep the current password'
                : 'Leave blank to get a link the user sets their password with'
            }
          />
          <FormTextField
            control={control}
            name="password_confirmation"
            label="Password confirmation"
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
    </FormShell>
  );
}

/** The depo admin's depos: a native multi-select (keyboard and phone pickers for free). */
function DepoMultiSelect({
  control,
  options,
}: {
  control: Control<UserFormValues, unknown, UserFormValues>;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'depo_ids' });
  const error = fieldState.error?.message ? fullMessage('depo_ids', fieldState.error.message) : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Depos
      </label>
      <select
        id={id}
        ref={field.ref}
        className="field__input depo-multi"
        multiple
        value={field.value.map(String)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(Array.from(event.target.selectedOptions, (option) => Number(option.value)))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
