import { useId, useState, type FormEvent } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { emptyFormErrors, firstFieldError, fullMessage, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { LabeledInput } from '@/shared/ui/field/labeled-input';
import { CheckboxField } from '@/shared/ui/form-fields/checkbox-field';
import { RadioGroupField } from '@/shared/ui/form-fields/radio-group-field';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { TextField } from '@/shared/ui/form-fields/text-field';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useSaveUser } from '../api/save-user';
import { useLakridsDrivers } from '../api/search-lakrids-drivers';
import { useWallmobUsers } from '../api/search-wallmob-users';
import { depoSelectKind, emptyUserForm, userBodyFromForm, userToForm, type UserFormValues } from '../user-form-values';
import { USER_ROLES, type SavedUser, type StaffUser, type UserRole } from '../user-schema';
import { LookupField, type LookupOptionsState } from './lookup-field';
import '../users.css';

export const USER_SAVED_MESSAGE = 'User successfully updated';
export const IDENTITY_LOCKED_TEXT =
  'This user also works where you have no authority (another tenant, or depos or a role outside yours), so their name, ' +
  'e-mail and password cannot be changed here. You can still change their role, depos and status in this tenant.';

const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', depo_admin: 'Depo admin', support: 'Support', driver: 'Driver' };

export interface UserFormProps {
  tenant: { slug: string; has_lakrids: boolean; has_wallmob: boolean };
  /** The signed-in member's role: only admins may make admins. */
  viewerRole: UserRole;
  depos: readonly { id: number; title: string }[];
  /** The depo of the page, preselected for a new user. */
  depoId: number;
  user: StaffUser | null;
  onSaved: (user: SavedUser) => void;
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
  const [values, setValues] = useState<UserFormValues>(() => (user ? userToForm(user) : emptyUserForm(depoId)));
  const [errors, setErrors] = useState<FormErrors>(emptyFormErrors);
  const save = useSaveUser(tenant.slug);
  const multiId = useId();
  const kind = depoSelectKind(values.role);

  const set = <Key extends keyof UserFormValues>(key: Key, value: UserFormValues[Key]) => setValues((previous) => ({ ...previous, [key]: value }));
  const errorOf = (...fields: string[]): string | undefined => {
    for (const field of fields) {
      const message = firstFieldError(errors, field);
      if (message) return fullMessage(field, message);
    }
    return undefined;
  };

  const lock = useSubmitLock();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lock.acquire()) return;
    const body = userBodyFromForm(values, { hasLakrids: tenant.has_lakrids, hasWallmob: tenant.has_wallmob });
    save.mutate(
      { userId: user?.id ?? null, body },
      {
        onSettled: lock.release,
        onSuccess: (saved) => {
          setErrors(emptyFormErrors());
          setValues((previous) => ({ ...previous, password: '', password_confirmation: '' }));
          showFlash(USER_SAVED_MESSAGE);
          onSaved(saved);
        },
        onError: (failure) => {
          setErrors(toFormErrors(failure));
          flashRequestError(failure);
        },
      },
    );
  };

  const roles = USER_ROLES.filter((role) => role !== 'admin' || viewerRole === 'admin' || values.role === 'admin');
  const depoOptions = depos.map((depo) => ({ value: String(depo.id), label: depo.title }));
  const baseErrors = errors.errors.base;
  // The server answers whether the viewer may change this user's global identity (the database decides).
  const identityLocked = user?.identity_editable === false;

  return (
    <form className="form user-form" onSubmit={submit} noValidate aria-label="User">
      {baseErrors && (
        <p className="form__error" role="alert">
          {baseErrors.join(', ')}
        </p>
      )}
      {identityLocked && <p className="user-form__identity-note" role="note">{IDENTITY_LOCKED_TEXT}</p>}
      <TextField label="First name" value={values.first_name} readOnly={identityLocked} onChange={(value) => set('first_name', value)} error={errorOf('first_name')} />
      <TextField label="Last name" value={values.last_name} readOnly={identityLocked} onChange={(value) => set('last_name', value)} error={errorOf('last_name')} />
      <TextField label="Email" type="email" value={values.email} readOnly={identityLocked} onChange={(value) => set('email', value)} error={errorOf('email')} />
      <SelectField
        label="Role"
        value={values.role}
        options={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        onChange={(value) => set('role', value as UserRole)}
        error={errorOf('role')}
      />
      {kind === 'single' && (
        <SelectField
          label="Depo"
          value={values.depo_id === null ? '' : String(values.depo_id)}
          placeholder="Choose a depo"
          options={depoOptions}
          onChange={(value) => set('depo_id', value === '' ? null : Number(value))}
          error={errorOf('depo_id', 'depo_ids')}
        />
      )}
      {kind === 'multiple' && (
        <div className="field">
          <label className="field__label" htmlFor={multiId}>
            Depos
          </label>
          <select
            id={multiId}
            className="field__input depo-multi"
            multiple
            value={values.depo_ids.map(String)}
            aria-invalid={errorOf('depo_ids') ? true : undefined}
            onChange={(event) => set('depo_ids', Array.from(event.target.selectedOptions, (option) => Number(option.value)))}
          >
            {depoOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errorOf('depo_ids', 'depo_id') && <span className="field__error">{errorOf('depo_ids', 'depo_id')}</span>}
        </div>
      )}
      {values.role === 'driver' && (
        <CheckboxField label="Franchise driver" checked={values.franchise_driver} onChange={(checked) => set('franchise_driver', checked)} />
      )}
      <TextField label="Axapta code" value={values.axapta_code} onChange={(value) => set('axapta_code', value)} error={errorOf('axapta_code')} />
      {tenant.has_wallmob && (
        <LookupField
          label="Wallmob user"
          chosenValue={values.wallmob_id}
          chosenLabel={values.wallmob_name}
          scope={tenant.slug}
          useOptions={useWallmobOptions}
          onChoose={(option) => setValues((previous) => ({ ...previous, wallmob_id: option?.value ?? '', wallmob_name: option?.label ?? '' }))}
          error={errorOf('wallmob_id', 'wallmob_name')}
        />
      )}
      {tenant.has_lakrids && (
        <LookupField
          label="Lakrids driver"
          chosenValue={values.lakrids_driver_id}
          chosenLabel={values.lakrids_driver_name}
          scope={tenant.slug}
          useOptions={useLakridsOptions}
          onChoose={(option) =>
            setValues((previous) => ({ ...previous, lakrids_driver_id: option?.value ?? '', lakrids_driver_name: option?.label ?? '' }))
          }
          error={errorOf('lakrids_driver_id', 'lakrids_driver_name')}
        />
      )}
      <RadioGroupField
        legend="Status"
        value={values.status}
        options={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        onChange={(value) => set('status', value)}
        error={errorOf('status')}
      />
      {!identityLocked && (
        <>
          <LabeledInput
            label="Password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onValueChange={(value) => set('password', value)}
            error={errorOf('password')}
            hint={user ? 'Leave blank to keep the current password' : 'Leave blank to get a link the user sets their password with'}
          />
          <LabeledInput
            label="Password confirmation"
            type="password"
            autoComplete="new-password"
            value={values.password_confirmation}
            onValueChange={(value) => set('password_confirmation', value)}
            error={errorOf('password_confirmation')}
          />
        </>
      )}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
