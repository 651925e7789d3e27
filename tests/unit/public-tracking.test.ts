import { describe, expect, it } from 'vitest';
import { arrivalWindow } from '@/features/public-tracking/model/arrival-window';
import { visitedPositions } from '@/features/public-tracking/model/visited';
import { createTruckFeed, type TruckFix } from '@/shared/map/truck-feed';
import { publicLocale, trackingTexts } from '@/features/public-tracking/texts';

describe('the visited rule of the tracking page', () => {
  it('marks every stop before a visited one as visited, whatever its own state', () => {
    const stops = [
      { position: 1, point_visited: null },
      { position: 2, point_visited: false },
      { position: 4, point_visited: true },
      { position: 5, point_visited: null },
      { position: 7, point_visited: null },
    ];
    expect([...visitedPositions(stops)].sort()).toEqual([1, 2, 4]);
  });

  it('marks nothing while no stop is visited', () => {
    expect(visitedPositions([{ position: 1, point_visited: null }, { position: 2, point_visited: false }]).size).toBe(0);
  });
});

describe('the arrival window', () => {
  it('is the estimate minus and plus 10 minutes in the tenant\'s time zone', () => {
    expect(arrivalWindow('2026-06-01T12:00:00Z', 'Europe/Copenhagen')).toEqual({ from: '13:50', to: '14:10' });
    expect(arrivalWindow('2026-01-01T23:55:00Z', 'Europe/Oslo')).toEqual({ from: '00:45', to: '01:05' });
  });

  it('is nothing without an estimate', () => {
    expect(arrivalWindow(null, 'Europe/Oslo')).toBeNull();
  });

  it('reads as a window in each language', () => {
    expect(trackingTexts.dk.between('13:50', '14:10')).toBe('mellem kl. 13:50 og 14:10');
    expect(trackingTexts.no.between('13:50', '14:10')).toBe('mellom kl. 13:50 og 14:10');
  });
});

describe('the public locale', () => {
  it('is Danish for dk and Norwegian for anything else', () => {
    expect(publicLocale('dk')).toBe('dk');
    expect(publicLocale('no')).toBe('no');
    expect(publicLocale('se')).toBe('no');
  });
});

describe('the truck feed', () => {
  const fix = (lat: number, recordedAt: string | null): TruckFix => ({ lat, lng: 10, heading: null, recordedAt });

  it('tells its listeners each newer fix and ignores an older one', () => {
    const feed = createTruckFeed(null);
    const heard: number[] = [];
    const stop = feed.subscribe((f) => heard.push(f.lat));
    feed.set(fix(1, '2026-06-01T12:00:05Z'));
    feed.set(fix(2, '2026-06-01T12:00:00Z'));
    feed.set(fix(3, '2026-06-01T12:00:10Z'));
    stop();
    feed.set(fix(4, '2026-06-01T12:00:15Z'));
    expect(heard).toEqual([1, 3]);
    expect(feed.get()?.lat).toBe(4);
  });
});
