import type { ButtonHTMLAttributes, ReactNode } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { block?: boolean };

const classes = (kind: string, block?: boolean) =>
  ['button', kind, block ? 'button--block' : ''].filter(Boolean).join(' ');

/**
 * The button hierarchy every form shares: one primary (Save), secondary for Cancel and Back, danger for
 * Delete (white on red, readable).
 */
export function SaveButton({
  saving,
  children = 'Save',
  block,
  ...rest
}: Omit<ButtonProps, 'type'> & { saving: boolean; children?: ReactNode }) {
  return (
    <button
      {...rest}
      type="submit"
      className={classes('button--primary', block)}
      disabled={saving || rest.disabled}
      aria-busy={saving || undefined}
    >
      {children}
    </button>
  );
}

export function SecondaryButton({ block, type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={classes('', block)} />;
}

export function DangerButton({ block, type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={classes('button--danger', block)} />;
}
