import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appPageFor } from '../../supabase/stack/gateway/app-pages.ts';
import { trackingPath } from '@/features/public-tracking/tracking-path';

const stop = 'f99ec215-3d24-448a-852e-32c0b0830c8e';
let dist: string;

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'app-pages-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const pages = (list: unknown) =>
  writeFileSync(path.join(dist, 'pages.json'), typeof list === 'string' ? list : JSON.stringify(list));

describe('appPageFor (the HTML the gateway gives an address that is not a file)', () => {
  it('gives the tracking addresses tracking.html and every other address index.html', () => {
    writeFileSync(path.join(dist, 'tracking.html'), '<!doctype html>');
    pages({ pages: [{ path: trackingPath.source, flags: trackingPath.flags, file: 'tracking.html' }] });
    expect(appPageFor(dist, `/dk/${stop}`)).toBe(path.join(dist, 'tracking.html'));
    expect(appPageFor(dist, `/no/${stop.toUpperCase()}/`)).toBe(path.join(dist, 'tracking.html'));
    for (const other of [`/DK/${stop}`, `/hjem-is/${stop}`, '/dk', '/hjem-is/cars', `/dk/${stop}/x`]) {
      expect(appPageFor(dist, other)).toBe(path.join(dist, 'index.html'));
    }
  });

  it('falls back to index.html without a list, with an unreadable one, or when the named page is missing', () => {
    expect(appPageFor(dist, `/dk/${stop}`)).toBe(path.join(dist, 'index.html'));
    pages('{ not json');
    expect(appPageFor(dist, `/dk/${stop}`)).toBe(path.join(dist, 'index.html'));
    pages({
      pages: [
        { path: '(', flags: '', file: 'tracking.html' },
        { path: '^/dk/', flags: '', file: 'tracking.html' },
      ],
    });
    expect(appPageFor(dist, `/dk/${stop}`)).toBe(path.join(dist, 'index.html'));
  });

  it('never serves a file outside the build named by the list', () => {
    writeFileSync(path.join(dist, '..', `outside-${path.basename(dist)}.html`), 'secret');
    pages({
      pages: [
        { path: '.*', flags: '', file: `../outside-${path.basename(dist)}.html` },
        { path: '.*', flags: '', file: '/etc/passwd' },
      ],
    });
    expect(appPageFor(dist, '/anything')).toBe(path.join(dist, 'index.html'));
    rmSync(path.join(dist, '..', `outside-${path.basename(dist)}.html`));
  });
});
