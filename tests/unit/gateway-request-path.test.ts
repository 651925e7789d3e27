import { describe, expect, it } from 'vitest';
import { normaliseRequestTarget } from '../../supabase/stack/gateway/request-path.ts';

describe('normaliseRequestTarget (the path the gateway routes on)', () => {
  it('resolves dot segments the way the services will read them', () => {
    expect(normaliseRequestTarget('/auth/v1/verify/../token?grant_type=password')).toEqual({
      ok: true,
      url: '/auth/v1/token?grant_type=password',
    });
    expect(normaliseRequestTarget('/auth/v1/verify/%2E%2e/token')).toEqual({ ok: true, url: '/auth/v1/token' });
    expect(normaliseRequestTarget('/auth/v1/verify\\..\\token')).toEqual({ ok: true, url: '/auth/v1/token' });
    expect(normaliseRequestTarget('//rest//v1/./tenants')).toEqual({ ok: true, url: '/rest/v1/tenants' });
  });

  it('never climbs above the root, keeps a trailing slash and the query as sent', () => {
    expect(normaliseRequestTarget('/../../rest/v1/')).toEqual({ ok: true, url: '/rest/v1/' });
    expect(normaliseRequestTarget('/rest/v1/..')).toEqual({ ok: true, url: '/rest/' });
    expect(normaliseRequestTarget('/')).toEqual({ ok: true, url: '/' });
    expect(normaliseRequestTarget('/rest/v1/t?select=a/../b&x=%2e%2e')).toEqual({
      ok: true,
      url: '/rest/v1/t?select=a/../b&x=%2e%2e',
    });
    // An encoded slash is data, not a separator.
    expect(normaliseRequestTarget('/auth/v1/verify/..%2ftoken')).toEqual({
      ok: true,
      url: '/auth/v1/verify/..%2ftoken',
    });
  });

  it('refuses targets that are not a path or not valid percent-encoded UTF-8', () => {
    for (const target of ['*', 'http://x/rest/v1', '/%E0%A4%A', '/a%zz', '/a%', '/%C0%AF', '/%FF']) {
      expect(normaliseRequestTarget(target)).toEqual({ ok: false });
    }
  });
});
