import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { env } from '@/shared/config/env';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';
import type { B2bCustomerFilters } from '../b2b-customers-search';

export interface ExportProgress {
  /** From the `X-Total-Rows` header; null until the answer starts. */
  totalRows: number | null;
  receivedBytes: number;
}

export interface ExportResult extends ExportProgress {
  fileName: string;
}

/** The edge function's query: exactly the list's filters. */
export function exportUrl(slug: string, filters: B2bCustomerFilters): string {
  const query = new URLSearchParams({
    tenant: slug,
    status: filters.status,
    depo: filters.depoId === null ? '' : String(filters.depoId),
    search_phrase: filters.searchPhrase,
    tab: filters.tab,
  });
  return `${env.supabaseUrl}/functions/v1/b2b-customers-export?${query.toString()}`;
}

async function failureText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      if ('error' in body && typeof body.error === 'string') return body.error;
      if ('full_errors' in body && Array.isArray(body.full_errors)) return body.full_errors.join(', ');
    }
  } catch {
    // Not JSON: the status text says enough.
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/**
 * Downloads the xlsx of the filtered list (`GET b2b_customers export`), reading the stream so the
 * screen can show progress against `X-Total-Rows`, then hands the file to the browser. Large lists
 * are streamed by the function; the browser keeps only the compressed file.
 */
export async function exportB2bCustomers(
  slug: string,
  filters: B2bCustomerFilters,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  const url = exportUrl(slug, filters);
  const response = await fetch(url, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${await accessToken()}` },
    signal,
  });
  if (!response.ok || !response.body) {
    throw new RequestError({ message: await failureText(response), status: response.status, path: requestPath(url) });
  }
  const totalHeader = Number(response.headers.get('X-Total-Rows'));
  const totalRows = Number.isFinite(totalHeader) && response.headers.has('X-Total-Rows') ? totalHeader : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  onProgress({ totalRows, receivedBytes });
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    receivedBytes += value.byteLength;
    onProgress({ totalRows, receivedBytes });
  }
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), 'b2b_customers.xlsx');
  saveFile(new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }), fileName);
  return { totalRows, receivedBytes, fileName };
}

/** The export with its live progress, for the Export button. */
export function useExportB2bCustomers(slug: string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (filters: B2bCustomerFilters) => {
      setProgress({ totalRows: null, receivedBytes: 0 });
      return exportB2bCustomers(slug, filters, setProgress);
    },
  });
  return { ...mutation, progress };
}
