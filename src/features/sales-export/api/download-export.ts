import { useMutation } from '@tanstack/react-query';
import { env } from '@/shared/config/env';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';

export type ExportKind = 'sales' | 'product_transfers';

export interface ExportRequest {
  kind: ExportKind;
  depoId: number;
  start: string;
  end: string;
  carIds: number[];
}

export function exportUrl(slug: string, request: ExportRequest): string {
  const query = new URLSearchParams({
    tenant: slug,
    kind: request.kind,
    depo_id: String(request.depoId),
    start_date: request.start,
    end_date: request.end,
  });
  for (const id of request.carIds) query.append('car_ids[]', String(id));
  return `${env.supabaseUrl}/functions/v1/sales-export?${query.toString()}`;
}

async function failureText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (
      body &&
      typeof body === 'object' &&
      'full_errors' in body &&
      Array.isArray(body.full_errors) &&
      body.full_errors.length
    )
      return body.full_errors.join(', ');
  } catch {
    // Not JSON: the status says enough.
  }
  return `Request failed with status ${response.status}`;
}

/** Downloads the CSV the function streams, then hands it to the browser's download. */
export async function downloadExport(slug: string, request: ExportRequest): Promise<string> {
  const url = exportUrl(slug, request);
  const response = await fetch(url, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${await accessToken()}` },
  });
  if (!response.ok)
    throw new RequestError({ message: await failureText(response), status: response.status, path: requestPath(url) });
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), `${request.kind}.csv`);
  saveFile(await response.blob(), fileName);
  return fileName;
}

export const useDownloadExport = (slug: string) =>
  useMutation({ mutationFn: (request: ExportRequest) => downloadExport(slug, request) });
