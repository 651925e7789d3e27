import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const countingKeys = (slug: string, depoId: number) => queryKeys.tenant(slug).depo(depoId).resource('manual-counting');

/** The document's header (Not found for another tenant's, another depo's or a forged id: no row). */
export async function getCountingDocument(documentId: number) {
  const rows = await runQuery(supabase.rpc('manual_counting_document', { p_document_id: documentId }));
  const doc = rows[0];
  if (!doc) throw Object.assign(new Error('Not found'), { code: 'PGRST116', status: 404 });
  return doc;
}
export type CountingDocument = Awaited<ReturnType<typeof getCountingDocument>>;

export const getCountingLines = (documentId: number) =>
  runQuery(supabase.rpc('manual_counting_document_lines', { p_document_id: documentId }));
export type CountingLine = Awaited<ReturnType<typeof getCountingLines>>[number];

export const countingDocumentQueryOptions = (slug: string, depoId: number, documentId: number) =>
  queryOptions({
    queryKey: countingKeys(slug, depoId).detail(documentId),
    queryFn: () => getCountingDocument(documentId),
  });

export const countingLinesQueryOptions = (slug: string, depoId: number, documentId: number) =>
  queryOptions({
    queryKey: [...countingKeys(slug, depoId).detail(documentId), 'lines'],
    queryFn: () => getCountingLines(documentId),
  });

export const useCountingDocument = (slug: string, depoId: number, documentId: number) =>
  useQuery(countingDocumentQueryOptions(slug, depoId, documentId));
export const useCountingLines = (slug: string, depoId: number, documentId: number) =>
  useQuery(countingLinesQueryOptions(slug, depoId, documentId));

/** The Manual Counting tab: 25 a page, newest counted day first. */
export const warehouseCountingsQueryOptions = (slug: string, depoId: number, warehouseId: number, page: number) =>
  queryOptions({
    queryKey: countingKeys(slug, depoId).list({ warehouseId, page }),
    queryFn: () =>
      runQuery(supabase.rpc('warehouse_manual_counting_documents', { p_warehouse_id: warehouseId, p_page: page })),
  });
export const useWarehouseCountings = (slug: string, depoId: number, warehouseId: number, page: number) =>
  useQuery(warehouseCountingsQueryOptions(slug, depoId, warehouseId, page));
export type CountingListRow = NonNullable<ReturnType<typeof useWarehouseCountings>['data']>[number];

export interface NewCounting {
  warehouseId: number;
  countedAt: string;
  requestKey: string;
}

export const createCountingDocument = ({ warehouseId, countedAt, requestKey }: NewCounting) =>
  runQuery(
    supabase.rpc('create_manual_counting_document', {
      p_warehouse_id: warehouseId,
      p_counted_at: countedAt,
      p_request_key: requestKey,
    }),
  );

export interface LineValue {
  id: number;
  new_value: number | null;
}

/** Every change to a document goes through its SQL functions; the lists and the document are read again after. */
export function useCountingChanges(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: countingKeys(slug, depoId).all });
  return {
    create: useMutation({ mutationFn: createCountingDocument, onSuccess: refresh }),
    save: useMutation({
      mutationFn: ({ documentId, lines }: { documentId: number; lines: LineValue[] }) =>
        runQuery(
          supabase.rpc('save_manual_counting_document', {
            p_document_id: documentId,
            p_lines: lines.map((l) => ({ ...l })),
          }),
        ),
      onSuccess: refresh,
    }),
    approve: useMutation({
      mutationFn: (documentId: number) =>
        runQuery(supabase.rpc('approve_manual_counting_document', { p_document_id: documentId })),
      // The approval moved stock: the warehouse's products tab reads again too.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tenant(slug).depo(depoId).all }),
    }),
    remove: useMutation({
      mutationFn: (documentId: number) =>
        runQuery(supabase.rpc('delete_manual_counting_document', { p_document_id: documentId })),
      onSuccess: refresh,
    }),
  };
}
