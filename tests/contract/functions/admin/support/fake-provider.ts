import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

export type FakeRoute = (
  request: RecordedRequest,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A provider stand-in on loopback: answers JSON from `route` (404 when it has no answer) and records every request. */
export async function startFakeProvider(route: FakeRoute): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(recorded);
    const answer = route(recorded);
    res.writeHead(answer?.status ?? (answer ? 200 : 404), { 'content-type': 'application/json', ...answer?.headers });
    res.end(JSON.stringify(answer?.body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
