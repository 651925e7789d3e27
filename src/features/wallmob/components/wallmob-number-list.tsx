import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { queryKeys } from '@/shared/query/query-keys';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { SearchBox } from '@/shared/ui/search-box/search-box';
import { useAddWallmobNumber } from '../api/add-wallmob-number';
import { useDeleteWallmobNumber } from '../api/delete-wallmob-number';
import { useWallmobNumbers, type WallmobNumber } from '../api/get-wallmob-numbers';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import {
  WALLMOB_PAGE_SIZE,
  wallmobDeleteQuestion,
  wallmobNumberSchema,
  wallmobTable,
  type WallmobKind,
} from '../wallmob-kinds';
import { joinedWallmobErrors } from '../wallmob-errors';

const SINGULAR: Record<WallmobKind, string> = { products: 'product', customers: 'customer' };

function reportWallmobFailure(kind: WallmobKind, failure: unknown): void {
  reportWallmobText(kind, joinedWallmobErrors(failure));
}

function reportWallmobText(kind: WallmobKind, text: string): void {
  if (kind === 'customers') window.alert(text);
  else showFlash(text, 'alert');
}

/**
 * A number list: add a number, search, page through 25 at a time, delete with a confirmation. Failures:
 * products flash the joined errors, customers raise a browser alert (as the old screen did).
 */
export function WallmobNumberList({ tenant, kind }: { tenant: { slug: string; id: string }; kind: WallmobKind }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useWallmobNumbers(tenant, kind, query, page);
  const add = useAddWallmobNumber(tenant, kind);
  const remove = useDeleteWallmobNumber(tenant, kind);
  useLiveInvalidation(
    liveTopics.tenant(tenant.id, wallmobTable[kind]),
    queryKeys.tenant(tenant.slug).resource(wallmobTable[kind]).lists(),
  );
  useFlashOnError(list.error);

  const report = (failure: unknown) => reportWallmobFailure(kind, failure);
  const deleteNumber = remove.mutate;

  // The number is checked here first ("abc" is refused with the spec's "Number is invalid"), and reported as a
  // refused save is: products flash it, customers alert it.
  const { form, submit, saving, baseError } = useZodForm({
    schema: wallmobNumberSchema,
    defaultValues: { number: '' },
    save: ({ number }) => add.mutateAsync(number),
    onSaved: () => form.reset({ number: '' }),
    onFailed: report,
    onInvalid: (sentences) => reportWallmobText(kind, sentences.join(', ')),
  });

  const columns = useMemo<ColDef<WallmobNumber>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 100 },
      { headerName: 'Number', field: 'number' },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: WallmobNumber }) =>
          data ? (
            <button
              type="button"
              className="button button--danger"
              aria-label={`Delete ${SINGULAR[kind]} ${data.number}`}
              onClick={() =>
                void confirm({ message: wallmobDeleteQuestion[kind], destructive: true }).then((yes) => {
                  if (yes) deleteNumber(data.id, { onError: (failure) => reportWallmobFailure(kind, failure) });
                })
              }
            >
              Delete
            </button>
          ) : null,
      },
    ],
    [kind, deleteNumber],
  );

  return (
    <div className="wallmob-list">
      <FormShell
        label={`Add ${SINGULAR[kind]} number`}
        className="wallmob-list__add"
        onSubmit={submit}
        baseError={baseError}
        fullMessages
        actions={<SaveButton saving={saving}>Submit</SaveButton>}
      >
        <FormTextField control={form.control} name="number" label="Number" />
      </FormShell>
      <SearchBox
        label={`Search ${kind}`}
        minLengthRule={false}
        onSearch={(phrase) => {
          setQuery(phrase);
          setPage(1);
        }}
      />
      <DataGrid
        ariaLabel={`Wallmob ${kind}`}
        rows={list.data}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={list.isPending}
      />
      <Pagination
        label={`${kind} pages`}
        page={page}
        rowCount={list.data?.length ?? 0}
        pageSize={WALLMOB_PAGE_SIZE}
        onPageChange={setPage}
      />
    </div>
  );
}
