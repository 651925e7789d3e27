import { env } from '@/shared/config/env';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';

/** The document's xlsx from the `manual-counting-export` function (the caller's rights), handed to the browser. */
export async function exportCountingDocument(slug: string, documentId: number): Promise<string> {
  const url = `${env.supabaseUrl}/functions/v1/manual-counting-export?${new URLSearchParams({ tenant: slug, document_id: String(documentId) }).toString()}`;
  const response = await fetch(url, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${await accessToken()}` },
  });
  if (!response.ok) {
    // The status decides the sentence shown (shared error mapping), never the function's text.
    throw new RequestError({
      message: response.status === 404 ? 'Not found' : response.statusText,
      status: response.status,
      path: requestPath(url),
    });
  }
  const fileName = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    `manual_counting_${documentId}.xlsx`,
  );
  saveFile(await response.blob(), fileName);
  return fileName;
}
