import type { ReactNode } from 'react';
import './form-fields.css';

/** An admin page's title with its links or buttons on the right (they wrap under it on a phone). */
export function PageTitleBar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-toolbar">
      <h1>{title}</h1>
      <span className="admin-toolbar__spacer" />
      {children}
    </div>
  );
}
