import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { stackInfo } from '../../support/stack-info.ts';
import { chunkedUpload, rawStatusLine, upgradeRequest } from '../../support/raw-http.ts';

const api = (path: string) => `${stackInfo().apiUrl}${path}`;
const anon = () => stackInfo().anonKey;

/** A Phoenix heartbeat over a fresh Realtime socket: the websocket service is up and answering. */
async function realtimeHeartbeat(): Promise<string> {
  const url = `${stackInfo().apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anon()}&vsn=1.0.0`;
  const socket = new WebSocket(url);
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('open', () =>
        socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' })),
      );
      socket.on('message', (data: Buffer) => {
        const reply = JSON.parse(data.toString('utf8')) as { ref: string; payload: { status: string } };
        if (reply.ref === '1') resolve(reply.payload.status);
      });
    });
  } finally {
    socket.close();
  }
}

async function expectEveryServiceUp(): Promise<void> {
  expect((await fetch(api('/rest/v1/'), { headers: { apikey: anon() } })).status).toBe(200);
  expect((await fetch(api('/auth/v1/health'), { headers: { apikey: anon() } })).status).toBe(200);
  expect((await fetch(api('/functions/v1/health'))).status).toBe(200);
  expect(await realtimeHeartbeat()).toBe('ok');
}

describe('gateway robustness', () => {
  it('refuses malformed websocket upgrades with a 4xx and every service keeps answering', async () => {
    const paths = [
      // This one used to throw inside the upgrade handler and kill the whole stack process.
      `/realtime/v1//[x/websocket?apikey=${anon()}`,
      `/realtime/v1//[x/websocket?apikey=${anon()}&vsn=2.0.0`,
      `/realtime/v1/%E0%A4%A/websocket?apikey=${anon()}`,
      `/realtime/v1//%5B/websocket?apikey=${anon()}`,
      `/realtime/v1/websocket?apikey=%E0%A4%A`,
      '/%E0%A4%A',
    ];
    for (const path of paths) {
      const status = await rawStatusLine(stackInfo().apiUrl, upgradeRequest(stackInfo().apiUrl, path));
      expect(status, path).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    await expectEveryServiceUp();
  });

  it('answers a path with broken percent-encoding with a JSON 400, for the app and every service', async () => {
    for (const path of [
      '/%E0%A4%A',
      '/rest/v1/%E0%A4%A',
      '/auth/v1/%E0%A4%A',
      '/functions/v1/%E0%A4%A',
      '/realtime/v1/api/%E0%A4%A',
    ]) {
      const response = await fetch(api(path), { headers: { apikey: anon() } });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ message: 'Bad request: the URL is malformed' });
    }
    await expectEveryServiceUp();
  });

  it('refuses a chunked body over 1 MB to REST with a 413 without reading the rest of it', async () => {
    const result = await chunkedUpload(api('/rest/v1/rpc/anything'), { apikey: anon() }, 300 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: 'Request body is larger than the 1 MB limit' });
    // The stack stopped reading near the limit (socket buffers aside), so it cannot have held the 300 MB.
    expect(result.bytesSent).toBeLessThan(32 * 1024 * 1024);
    await expectEveryServiceUp();
  });

  it('refuses a chunked body over 1 MB to Auth with its 413', async () => {
    const result = await chunkedUpload(
      api('/auth/v1/token?grant_type=password'),
      { apikey: anon() },
      300 * 1024 * 1024,
    );
    expect(result.status).toBe(413);
    expect(result.bytesSent).toBeLessThan(32 * 1024 * 1024);
  });
});
