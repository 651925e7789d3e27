import { describe, expect, it } from 'vitest';
import { arrivalDay, arrivalWindow } from '@/features/public-tracking/model/arrival-window';
import { visitedPositions } from '@/features/public-tracking/model/visited';
import { wayToStop } from '@/features/public-tracking/model/way-to-stop';
import { createTruckFeed, type TruckFix } from '@/shared/map/truck-feed';
import { publicLocale, trackingTexts } from '@/features/public-tracking/texts';
import { parseTrackedCar, parseTrackingStop } from '@/features/public-tracking/model/tracking-stop';

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
    expect(
      visitedPositions([
        { position: 1, point_visited: null },
        { position: 2, point_visited: false },
      ]).size,
    ).toBe(0);
  });
});

describe('the arrival window', () => {
  it("is the estimate minus and plus 10 minutes in the tenant's time zone", () => {
    expect(arrivalWindow('2026-06-01T12:00:00Z', 'Europe/Copenhagen')).toEqual({ from: '13:50', to: '14:10' });
    expect(arrivalWindow('2026-01-01T23:55:00Z', 'Europe/Oslo')).toEqual({ from: '00:45', to: '01:05' });
  });

  it('is nothing without an estimate', () => {
    expect(arrivalWindow(null, 'Europe/Oslo')).toBeNull();
  });

  it("names the visit's day only when it is not today in the tenant's time zone", () => {
    const now = new Date('2026-06-01T21:30:00Z'); // 23:30 in Copenhagen
    expect(arrivalDay('2026-06-01T21:50:00Z', 'Europe/Copenhagen', 'dk', now)).toBeNull();
    // 00:10 the next day in Copenhagen, though still 1 June in UTC.
    expect(arrivalDay('2026-06-01T22:10:00Z', 'Europe/Copenhagen', 'dk', now)).toMatch(/^tirsdag (den )?2\. juni$/);
    expect(arrivalDay('2026-06-03T10:00:00Z', 'Europe/Oslo', 'no', now)).toMatch(/^onsdag 3\. juni$/);
    expect(arrivalDay(null, 'Europe/Oslo', 'no', now)).toBeNull();
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

describe('the tracking stop as the page takes it from the server', () => {
  const nearby = {
    uuid: 'a7f0c7d2-9d5e-4c1b-8d7e-0c2f5b1e9a11',
    address: 'Vej 2',
    lat: 55.5,
    lng: 12.2,
    position: 2,
    point_visited: null,
    google_estimate_time: '2026-11-27T10:00:00+00:00',
    original_google_estimate_time: null,
  };
  const answer = {
    ...nearby,
    uuid: 'b7f0c7d2-9d5e-4c1b-8d7e-0c2f5b1e9a12',
    position: 1,
    arrival_date: '2026-11-27',
    depo: null,
    tenant: { slug: 'hjem-is', name: 'Hjem-IS', homepage_url: null, time_zone: 'Europe/Copenhagen' },
    car: { id: 7, lat: 55.4, lng: 12.1, recorded_at: null },
    nearby_points: [nearby],
    customer: null,
  };

  it('keeps the fields the page knows and drops the rest', () => {
    expect(parseTrackingStop({ ...answer, internal_note: 'x', car: { ...answer.car, driver_phone: '1' } })).toEqual(
      answer,
    );
    expect(parseTrackedCar({ id: 7, lat: null, lng: null, recorded_at: null, extra: 1 })).toEqual({
      id: 7,
      lat: null,
      lng: null,
      recorded_at: null,
    });
  });

  it('refuses an answer of another shape, naming where', () => {
    expect(() => parseTrackingStop({ ...answer, position: '1' })).toThrow(
      'public_tracking_stop.position: expected a number',
    );
    expect(() => parseTrackingStop({ ...answer, nearby_points: [{ ...nearby, lat: 'x' }] })).toThrow(
      'public_tracking_stop.nearby_points[0].lat',
    );
    expect(() => parseTrackingStop({ ...answer, tenant: null })).toThrow(
      'public_tracking_stop.tenant: expected an object',
    );
    expect(() => parseTrackingStop([answer])).toThrow('expected an object');
    expect(() => parseTrackedCar({ id: 7, lat: Number.NaN, lng: null, recorded_at: null })).toThrow(
      'public_tracking_car_location.lat',
    );
  });
});

describe("the truck's way to the stop", () => {
  const near = (position: number, lng: number, point_visited: boolean | null = null) => ({
    uuid: `u${position}`,
    address: null,
    lat: 56,
    lng,
    position,
    point_visited,
    google_estimate_time: null,
    original_google_estimate_time: null,
  });
  const stop = {
    ...near(5, 10.5),
    arrival_date: null,
    depo: null,
    tenant: { slug: 'hjem-is', name: 'Hjem-IS', homepage_url: null, time_zone: 'Europe/Copenhagen' },
    car: null,
    customer: null,
    nearby_points: [near(4, 10.4), near(7, 10.7), near(1, 10.1), near(3, 10.3), near(2, 10.2)],
  };

  it('runs from the truck through the stops still before this one, in trip order, to the stop', () => {
    expect(wayToStop(stop, new Set([1, 2]), [10.25, 56.01])).toEqual([
      [10.25, 56.01],
      [10.3, 56],
      [10.4, 56],
      [10.5, 56],
    ]);
  });

  it('starts at the first stop still ahead without a truck, and is nothing once the stop is visited', () => {
    expect(wayToStop(stop, new Set([1]), null)[0]).toEqual([10.2, 56]);
    expect(wayToStop(stop, new Set([1, 2, 3, 4, 5]), [10.5, 56.1])).toEqual([]);
  });
});
