import { env } from '@/shared/config/env';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';

export type StockDocumentType = 'order' | 'transfer';

/** The xlsx of one order or transfer from the `stock-document-export` function, handed to the browser's download. */
export async function exportStockDocument(slug: string, document: StockDocumentType, id: number): Promise<void> {
  const query = new URLSearchParams({ tenant: slug, document, id: String(id) });
  const url = `${env.supabaseUrl}/functions/v1/stock-document-export?${query.toString()}`;
  const response = await fetch(url, {
    headers: {
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${await accessToken()}`,
    },
  });
  if (!response.ok) {
    throw new RequestError({
      message: response.status === 404 ? 'Not found' : response.statusText,
      status: response.status,
      path: requestPath(url),
    });
  }
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), `stock_${document}_${id}.xlsx`);
  saveFile(await response.blob(), fileName);
}
