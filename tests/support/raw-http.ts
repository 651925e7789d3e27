import http from 'node:http';
import net from 'node:net';

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
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Sends a request exactly as written (no client library to reject or fix a malformed URL) and resolves
 * with the status line of the answer, or '' when the server closed the connection without one.
 */
export function rawStatusLine(apiUrl: string, requestText: string): Promise<string> {
  const { hostname, port } = new URL(apiUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(requestText));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (answer.includes('\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/** A websocket upgrade request for `path`, byte for byte. */
export function upgradeRequest(apiUrl: string, path: string): string {
  return [
    `GET ${path} HTTP/1.1`,
    `Host: ${new URL(apiUrl).host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

export interface ChunkedUploadResult {
  status: number;
  body: string;
  /** How much of the body the server had let through when its answer came. */
  bytesSent: number;
}

/**
 * POSTs a chunked body with no Content-Length, writing up to `maxBytes` for as long as the server reads
 * and has not answered: a server that enforces its limit on the bytes read answers early.
 */
export function chunkedUpload(
  url: string,
  headers: Record<string, string>,
  maxBytes: number,
): Promise<ChunkedUploadResult> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = bytesSent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, bytesSent: sentWhenAnswered });
        req.destroy();
      });
      res.on('error', reject);
    });
    // Writing into a connection the server has closed fails; only an error before any answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = async (): Promise<void> => {
      while (!answered && !req.destroyed && bytesSent < maxBytes) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) await drainedOrClosed(req);
        // Let the answer be read between writes.
        await new Promise((resume) => setImmediate(resume));
      }
      if (!answered && !req.destroyed) req.end();
    };
    void pump();
  });
}

function drainedOrClosed(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}
