import { useState } from 'react';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { exportStockDocument, type StockDocumentType } from '../api/export-stock-document';

/** Export (xlsx) of the order or transfer on the view. */
export function ExportButton({ slug, document, id }: { slug: string; document: StockDocumentType; id: number }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportStockDocument(slug, document, id);
    } catch (failure) {
      flashRequestError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SecondaryButton disabled={busy} onClick={() => void run()}>
      Export
    </SecondaryButton>
  );
}
