import { createFileRoute, Link } from '@tanstack/react-router';
import {
  countingDocumentQueryOptions,
  countingLinesQueryOptions,
  useCountingDocument,
  useCountingLines,
} from '@/features/inventory/manual-counting/api/counting-documents';
import { CountingDocumentEdit } from '@/features/inventory/manual-counting/components/counting-document-edit';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { documentParams } from '../-components/document-params';

/** The counting grid of a draft document; an approved one is only viewed. */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId/edit',
)({
  params: documentParams,
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(countingDocumentQueryOptions(params.tenant, params.depoId, params.documentId)),
      queryClient.ensureQueryData(countingLinesQueryOptions(params.tenant, params.depoId, params.documentId)),
    ]),
  component: CountingEditPage,
});

function CountingEditPage() {
  const { tenant: slug, depoId, warehouseId, documentId } = Route.useParams();
  const doc = useCountingDocument(slug, depoId, documentId);
  const lines = useCountingLines(slug, depoId, documentId);
  const mine = doc.data && doc.data.warehouse_id === warehouseId && doc.data.depo_id === depoId ? doc.data : undefined;
  const back = { tenant: slug, depoId, warehouseId, documentId };
  return (
    <RecordPage
      title={`Edit manual counting document #${documentId}`}
      back={
        <Link
          to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId"
          params={back}
        >
          Back to document
        </Link>
      }
      record={{ what: 'the manual counting document', query: doc }}
    >
      {doc.data && !mine && <p role="alert">Not found</p>}
      {mine && !mine.editable && <p role="alert">An approved manual counting document can not be changed</p>}
      {mine?.editable && lines.data && (
        <CountingDocumentEdit
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          documentId={documentId}
          lines={lines.data}
        />
      )}
    </RecordPage>
  );
}
