import type { ReactNode } from 'react';
import { useFlashOnError } from '../flash/use-flash-on-error';
import { PageTitleBar } from './page-title-bar';
import { QueryState } from './query-state';

export interface RecordQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface RecordPageProps {
  /** "New car" on the new route, "Edit car" on the edit route (a create moves to the edit route). */
  title: string;
  /** The way back to the list, right of the title. */
  back?: ReactNode;
  /** The record's query on an edit route: its loading and error states show until the form can. */
  record?: { what: string; query: RecordQuery };
  className?: string;
  children: ReactNode;
}

/** The shape every new/edit route of a record shares: title and back link, the record's load state, the form. */
export function RecordPage({ title, back, record, className, children }: RecordPageProps) {
  useFlashOnError(record?.query.error ?? null);
  return (
    <section className={['admin-page', className].filter(Boolean).join(' ')}>
      <PageTitleBar title={title}>{back}</PageTitleBar>
      {record && (
        <QueryState
          what={record.what}
          isPending={record.query.isPending}
          error={record.query.error}
          onRetry={() => void record.query.refetch()}
        />
      )}
      {children}
    </section>
  );
}
