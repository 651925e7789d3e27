import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A GatewayAPI stand-in on loopback (`POST /rest/mtsms`) that records every message it is handed (by userref, the
 * outbox id) and answers the first `answerFirst` at once, holding the others until `release()`: a dispatcher is
 * then reliably in the middle of a batch.
 */
export interface HeldSmsProvider {
  url: string;
  /** Outbox ids handed over, one entry per request (a resend shows twice). */
  received: string[];
  release(): void;
  close(): Promise<void>;
}

export async function heldSmsProvider(answerFirst: number): Promise<HeldSmsProvider> {
  const received: string[] = [];
  const held: http.ServerResponse[] = [];
  let holding = true;
  let nextId = 1;
  const answer = (res: http.ServerResponse) => {
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ids: [nextId++] }));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push(String((JSON.parse(raw || '{}') as { userref?: string }).userref));
      if (holding && received.length > answerFirst) held.push(res);
      else answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    release() {
      holding = false;
      for (const res of held.splice(0)) answer(res);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
