import { createFileRoute, Link } from '@tanstack/react-router';
import {
  countingDocumentQueryOptions,
  countingLinesQueryOptions,
  useCountingDocument,
  useCountingLines,
} from '@/features/inventory/manual-counting/api/counting-documents';
import { CountingDocumentView } from '@/features/inventory/manual-counting/components/counting-document-view';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { documentParams } from '../-components/document-params';

/** A manual counting document (numeric id; another warehouse's, depo's or tenant's document is Not found). */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId/',
)({
  params: documentParams,
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(countingDocumentQueryOptions(params.tenant, params.depoId, params.documentId)),
      queryClient.ensureQueryData(countingLinesQueryOptions(params.tenant, params.depoId, params.documentId)),
    ]),
  component: CountingDocumentPage,
});

function CountingDocumentPage() {
  const { tenant: slug, depoId, warehouseId, documentId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const doc = useCountingDocument(slug, depoId, documentId);
  const lines = useCountingLines(slug, depoId, documentId);
  const mine = doc.data && doc.data.warehouse_id === warehouseId && doc.data.depo_id === depoId ? doc.data : undefined;
  return (
    <RecordPage
      title={`Manual counting document #${documentId}`}
      back={
        <Link
          to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_countings"
          params={{ tenant: slug, depoId, warehouseId }}
        >
          Back to warehouse
        </Link>
      }
      record={{ what: 'the manual counting document', query: doc }}
    >
      {doc.data && !mine && <p role="alert">Not found</p>}
      {mine && lines.data && (
        <CountingDocumentView slug={slug} depoId={depoId} document={mine} lines={lines.data} tenant={tenant} />
      )}
    </RecordPage>
  );
}
