import type { RealtimeChannel } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackInfo } from '../../support/stack-info.ts';

/** Resolves with the first outcome of subscribe(): 'SUBSCRIBED', or the error status and reason. */
export function subscribeOutcome(
  channel: RealtimeChannel,
  timeoutMs = 10_000,
): Promise<{ status: string; reason?: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'NO ANSWER' }), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'CLOSED') return;
      clearTimeout(timer);
      resolve({ status, reason: error?.message });
    });
  });
}

export async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  const outcome = await subscribeOutcome(channel);
  if (outcome.status !== 'SUBSCRIBED') throw new Error(`subscribe: ${outcome.status} ${outcome.reason ?? ''}`);
  return channel;
}

export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function websocketUrl(apikey: string, vsn = '2.0.0'): string {
  const url = new URL('/realtime/v1/websocket', stackInfo().apiUrl.replace(/^http/, 'ws'));
  url.searchParams.set('apikey', apikey);
  url.searchParams.set('vsn', vsn);
  return url.toString();
}

export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare Phoenix vsn 2.0.0 connection, for frames the official client never sends. */
export class RawSocket {
  readonly frames: Array<Frame | Buffer> = [];
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const buffer = data as Buffer;
      this.frames.push(isBinary ? buffer : (JSON.parse(buffer.toString('utf8')) as Frame));
    });
  }

  static open(apikey = stackInfo().anonKey): Promise<RawSocket> {
    const ws = new WebSocket(websocketUrl(apikey));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
    });
  }

  nextRef(): string {
    this.ref += 1;
    return String(this.ref);
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Sends a text frame and waits for the phx_reply carrying its ref. */
  async request(joinRef: string | null, topic: string, event: string, payload: unknown): Promise<Frame> {
    const ref = this.nextRef();
    this.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return this.waitFor((frame) => frame[1] === ref && frame[3] === 'phx_reply');
  }

  waitFor(match: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    return until(
      'a matching frame',
      () => this.frames.find((frame): frame is Frame => Array.isArray(frame) && match(frame)),
      timeoutMs,
    );
  }

  heartbeat(): Promise<Frame> {
    return this.request(null, 'phoenix', 'heartbeat', {});
  }

  close(): void {
    this.ws.close();
  }
}

/** What the HTTP upgrade answered when it refused the websocket. */
export function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the websocket was accepted'));
    });
    ws.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
      });
    });
    ws.once('error', () => undefined);
  });
}
