import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../support/raw-http.ts';
import { stackInfo } from '../../support/stack-info.ts';

// Paths are sent byte for byte: the gateway must route and check the key on the path the services will see.
const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  rawRequest(stackInfo().apiUrl, { path, ...init });

const signInBody = () => JSON.stringify({ email: 'admin@hjem-is.test', password: stackInfo().demoPassword });

describe('gateway path normalisation', () => {
  it('resolves dot segments (plain, %2e, backslashes, double slashes) before the API-key check', async () => {
    const tokenPaths = [
      '/auth/v1/verify/../token?grant_type=password',
      '/auth/v1/verify/%2e%2e/token?grant_type=password',
      '/auth/v1/verify/.%2E/token?grant_type=password',
      '/auth/v1/verify/..\\token?grant_type=password',
      '/auth/v1/callback/./../token?grant_type=password',
      '/auth/v1/.well-known/jwks.json/../../token?grant_type=password',
      '//auth/v1//verify/..//token?grant_type=password',
    ];
    for (const path of tokenPaths) {
      const response = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signInBody(),
      });
      expect({ path, status: response.status, body: response.json() }).toEqual({
        path,
        status: 401,
        body: { message: 'No API key found in request' },
      });
    }
  });

  it('routes by the normalised path for every service, so no prefix lends its rules to another', async () => {
    // Functions need no API key; a path that only starts like a function must not reach REST or Auth keyless.
    for (const path of [
      '/functions/v1/../../rest/v1/tenants',
      '/functions/v1/health/../../../auth/v1/admin/users',
      '/realtime/v1/../../rest/v1/tenants',
      '/storage/v1/../../rest/v1/tenants',
      '/hjem-is/../rest/v1/tenants',
    ]) {
      const response = await send(path);
      expect({ path, status: response.status, body: response.json() }).toEqual({
        path,
        status: 401,
        body: { message: 'No API key found in request' },
      });
    }
    // With a key, the normalised path is served by the service it names.
    const rest = await send('/functions/v1/x/../../../rest/v1/', { headers: { apikey: stackInfo().anonKey } });
    expect(rest.status).toBe(200);
    expect(rest.headers['content-type']).toMatch(/openapi|json/);
    const health = await send('/rest/v1/../../auth/v1/./health', { headers: { apikey: stackInfo().anonKey } });
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ name: 'GoTrue' });
  });

  it('refuses malformed paths with a JSON 400 and stays up', async () => {
    for (const path of [
      '/%E0%A4%A',
      '/rest/v1/%zz',
      '/auth/v1/token%',
      '/functions/v1/health/%C0%AF',
      '/realtime/v1/%FF',
    ]) {
      const response = await send(path, { headers: { apikey: stackInfo().anonKey } });
      expect({ path, status: response.status, body: response.json() }).toEqual({
        path,
        status: 400,
        body: { message: 'Bad request: the URL is malformed' },
      });
    }
    const after = await send('/auth/v1/health', { headers: { apikey: stackInfo().anonKey } });
    expect(after.status).toBe(200);
  });
});
