import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

/**
 * One HTTP request with the path sent byte for byte (fetch resolves `..` and `%2e` before sending, so it cannot
 * test how a server treats them), optionally from another loopback address to act as a second caller.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<RawResponse> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }) },
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) as unknown });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
