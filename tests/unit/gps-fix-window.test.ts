import { describe, expect, it } from 'vitest';
import { isFixInWindow } from '../../edge-functions/gps-sync/fix-window.ts';

// The GPS sync writes only fixes about now: a fix from a unit with a wrong clock would otherwise stay the car's
// latest location on every map (issue 24, item 8).
describe('the GPS fix window', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  const at = (offsetMs: number) => ({ recordedAt: new Date(now.getTime() + offsetMs) });

  it('takes fixes from the last 24 hours up to 2 minutes ahead', () => {
    expect(isFixInWindow(at(0), now)).toBe(true);
    expect(isFixInWindow(at(-23 * 3_600_000), now)).toBe(true);
    expect(isFixInWindow(at(119_000), now)).toBe(true);
  });

  it('drops fixes from the future and from before yesterday', () => {
    expect(isFixInWindow({ recordedAt: new Date('2099-01-01T00:00:00Z') }, now)).toBe(false);
    expect(isFixInWindow(at(121_000), now)).toBe(false);
    expect(isFixInWindow(at(-25 * 3_600_000), now)).toBe(false);
    expect(isFixInWindow({ recordedAt: new Date(Number.NaN) }, now)).toBe(false);
  });
});
