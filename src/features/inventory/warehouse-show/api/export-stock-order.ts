import { env } from '@/shared/config/env';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';

/**
 * An order's xlsx through the stock documents' export function (`stock-document-export`, built with the stock order
 * and transfer screens), handed to the browser.
 */
export async function exportStockOrder(slug: string, orderId: number): Promise<void> {
  const url = `${env.supabaseUrl}/functions/v1/stock-document-export?${new URLSearchParams({ tenant: slug, document: 'order', id: String(orderId) }).toString()}`;
  const response = await fetch(url, { headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${await accessToken()}` } });
  if (!response.ok) {
    throw new RequestError({ message: response.status === 404 ? 'Not found' : response.statusText, status: response.status, path: requestPath(url) });
  }
  saveFile(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), `stock_order_${orderId}.xlsx`));
}
