import { afterEach, describe, expect, it, vi } from 'vitest';
import { goTo, siteHref, webUrl } from '@/shared/routing/web-url';

// The one gate between a stored or server URL and an href, src or location (issue 24, item 1).

const refused = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  '\tjava\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://example.dk/1',
  'mailto:a@example.dk',
];

describe('webUrl', () => {
  it.each(refused)('refuses %j', (value) => expect(webUrl(value)).toBeNull());

  it.each(['/dk', 'relative/path', '//evil.example/x', '', 'https//example.dk'])(
    'refuses a URL that is not absolute: %j',
    (value) => expect(webUrl(value)).toBeNull(),
  );

  it('refuses what is not text', () => {
    for (const value of [null, undefined, 1, {}, ['https://example.dk']]) expect(webUrl(value)).toBeNull();
  });

  it('answers an http(s) URL as stored, or as the browser reads it when it holds a space or control character', () => {
    expect(webUrl('https://example.dk')).toBe('https://example.dk');
    expect(webUrl('HTTP://Example.dk/is?x=1#top')).toBe('HTTP://Example.dk/is?x=1#top');
    expect(webUrl('  https://example.dk/a')).toBe('https://example.dk/a');
    expect(webUrl('https://exa\tmple.dk/a b')).toBe('https://example.dk/a%20b');
  });
});

describe('siteHref', () => {
  it('takes a path of this site or an http(s) URL', () => {
    expect(siteHref('/dk/abc')).toBe('/dk/abc');
    expect(siteHref('https://example.dk/x')).toBe('https://example.dk/x');
  });

  it.each([...refused, '//evil.example', '/\\evil.example', '/\t/evil.example', 'dk'])('refuses %j', (value) =>
    expect(siteHref(value)).toBeNull(),
  );
});

describe('goTo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves only for a path or an http(s) URL', () => {
    const location = { assign: vi.fn(), replace: vi.fn() };
    vi.stubGlobal('window', { location });
    expect(goTo('javascript:alert(1)')).toBe(false);
    expect(goTo(' JAVASCRIPT:alert(1)', 'replace')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
    expect(goTo('/dk')).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/dk');
    expect(goTo('https://example.dk', 'replace')).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('https://example.dk');
  });
});
