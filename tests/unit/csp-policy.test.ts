import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptsOf,
  pageHeaders,
  scriptHash,
} from '../../tools/csp/policy.ts';

// The pages' Content-Security-Policy, built once at build time (tools/csp, issue 24 item 1).

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ');

describe('the page policy', () => {
  const early = "(function(){var r=[];fetch('/rest/v1/rpc/x')})();";
  const html = `<!doctype html><head><script>${early}</script><script type="module" crossorigin src="/assets/a.js"></script></head>`;

  it('allows the inline scripts of the pages by their sha256, and no other inline script', () => {
    expect(inlineScriptsOf(html)).toEqual([early]);
    const policy = contentSecurityPolicy({ inlineScripts: inlineScriptsOf(html) });
    const expected = `'sha256-${createHash('sha256').update(early).digest('base64')}'`;
    expect(scriptHash(early)).toBe(expected);
    expect(directive(policy, 'script-src')).toEqual(["'self'", expected]);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
  });

  it("connects only to its own origin, the project's API (https and wss) and the map style's origin", () => {
    expect(directive(contentSecurityPolicy({ inlineScripts: [] }), 'connect-src')).toEqual(["'self'"]);
    const policy = contentSecurityPolicy({
      inlineScripts: [],
      apiUrl: 'https://abc.supabase.co/',
      mapStyleUrl: 'pmtiles://https://tiles.example.dk/denmark.pmtiles',
    });
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://abc.supabase.co',
      'wss://abc.supabase.co',
      'https://tiles.example.dk',
    ]);
    expect(directive(contentSecurityPolicy({ inlineScripts: [], apiUrl: 'javascript:x' }), 'connect-src')).toEqual([
      "'self'",
    ]);
  });

  it('allows the captcha only where a Turnstile site key is configured', () => {
    const without = contentSecurityPolicy({ inlineScripts: [] });
    expect(without).not.toContain('challenges.cloudflare.com');
    expect(directive(without, 'frame-src')).toEqual(["'none'"]);
    const withKey = contentSecurityPolicy({ inlineScripts: [], turnstile: true });
    expect(directive(withKey, 'script-src')).toContain('https://challenges.cloudflare.com');
    expect(directive(withKey, 'frame-src')).toEqual(['https://challenges.cloudflare.com']);
  });

  it('closes the rest', () => {
    const policy = contentSecurityPolicy({ inlineScripts: [] });
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('writes the same headers for a static host and the gateway', () => {
    const headers = pageHeaders({ inlineScripts: [early] });
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headersFile(headers)).toBe(
      `/*\n  Content-Security-Policy: ${headers['Content-Security-Policy']}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n`,
    );
  });
});
