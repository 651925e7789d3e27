import { createContext, type FormEvent, type ReactNode } from 'react';
import './form-fields.css';

/** Whether field errors read in full ("Last name can't be blank") or as the message alone ("can't be blank"). */
export const FullFieldMessages = createContext(false);

export interface FormShellProps {
  /** The form's accessible name ("New car", "Edit car", "User"). */
  label: string;
  onSubmit: (event: FormEvent) => void;
  /** The error no field holds, shown above the fields. */
  baseError?: string;
  /** Field errors as whole sentences, as the user and customer screens always showed them. */
  fullMessages?: boolean;
  /** The buttons, primary first: `SaveButton`, then `SecondaryButton`/`SecondaryLink`, then `DangerButton`. */
  actions: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The one form layout: base error, fields in a column, the actions row under them. */
export function FormShell({
  label,
  onSubmit,
  baseError,
  fullMessages = false,
  actions,
  className,
  children,
}: FormShellProps) {
  return (
    <FullFieldMessages.Provider value={fullMessages}>
      <form
        className={['admin-form', className].filter(Boolean).join(' ')}
        onSubmit={onSubmit}
        noValidate
        aria-label={label}
      >
        {baseError && (
          <p className="form__error" role="alert">
            {baseError}
          </p>
        )}
        {children}
        <div className="admin-form__actions">{actions}</div>
      </form>
    </FullFieldMessages.Provider>
  );
}
