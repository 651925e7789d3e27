import type { ServerResponse } from 'node:http';

/** Writes a JSON answer unless one has already started; a started response can only be cut. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  // CORS on the runtime's own answers too, so a browser app can read a 401 or 404 instead of a CORS failure.
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'access-control-allow-origin': '*',
  });
  res.end(text);
}

// The runtime's own error answers, worded as Supabase's edge runtime and gateway word them.
export const NOT_FOUND = { code: 'NOT_FOUND', message: 'Requested function was not found' };
export const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' };
export const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };
export const TIMEOUT = { message: 'The upstream server is timing out' };
