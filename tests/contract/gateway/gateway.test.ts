import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';

const api = (path: string) => `${stackInfo().apiUrl}${path}`;

describe('API gateway', () => {
  it('refuses a request without an API key with the gateway message', async () => {
    const response = await fetch(api('/rest/v1/'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'No API key found in request' });
  });

  it('refuses an unknown API key', async () => {
    const response = await fetch(api('/rest/v1/'), { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid API key');
  });

  it('answers a CORS preflight with the requested headers echoed', async () => {
    const response = await fetch(api('/rest/v1/anything'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey, x-client-info');
  });

  it('exposes Content-Range to browsers on API answers', async () => {
    const response = await fetch(api('/rest/v1/'), { headers: { apikey: stackInfo().anonKey } });
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('gives a JSON 404 for an unknown API path', async () => {
    const response = await fetch(api('/storage/v9/bucket'), { headers: { apikey: stackInfo().anonKey } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('refuses a body over 1 MB with a JSON 413 and stays up', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const response = await fetch(api('/rest/v1/rpc/anything'), {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/1 MB/);
    const after = await fetch(api('/rest/v1/'), { headers: { apikey: stackInfo().anonKey } });
    expect(after.status).toBe(200);
  });

  it('answers malformed JSON with a JSON 400 from PostgREST', async () => {
    const response = await fetch(api('/rest/v1/rpc/anything'), {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toContain('json');
  });

  it('serves the app with SPA fallback for deep links', async () => {
    const response = await fetch(api('/hjem-is/users/sign_in'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root"');
  });
});
