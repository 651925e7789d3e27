import { describe, expect, it } from 'vitest';
import type { EditorRoute, SavedPoint } from '../../src/features/route-points/api/route-points-data.ts';
import { editorReducer, stateOf } from '../../src/features/route-points/editor-state.ts';
import { durationHours, lastStopFromDuration } from '../../src/features/route-points/route-duration.ts';
import { salesEfficiency } from '../../src/features/route-points/sales-efficiency.ts';
import { formatWaitTime, parseWaitTime } from '../../src/features/route-points/wait-time.ts';

describe('wait time as hh:mm', () => {
  it('writes decimal hours zero padded and keeps values with a colon', () => {
    expect(formatWaitTime(2)).toBe('02:00');
    expect(formatWaitTime(0.25)).toBe('00:15');
    expect(formatWaitTime('1.5')).toBe('01:30');
    expect(formatWaitTime(10.75)).toBe('10:45');
    expect(formatWaitTime('1:5x')).toBe('1:5x');
    expect(formatWaitTime(null)).toBe('');
  });
  it('reads hh:mm and decimal hours back', () => {
    expect(parseWaitTime('01:30')).toBe(1.5);
    expect(parseWaitTime('0:45')).toBe(0.75);
    expect(parseWaitTime('2,5')).toBe(2.5);
    expect(parseWaitTime('1:75')).toBeNull();
    expect(parseWaitTime('soon')).toBeNull();
  });
});

describe('sales efficiency colours', () => {
  it('is green at or above the minimum, orange above 0, red at 0', () => {
    expect(salesEfficiency(5, 5)).toBe('efficient');
    expect(salesEfficiency(4, 5)).toBe('some');
    expect(salesEfficiency(0, 5)).toBe('none');
  });
});

describe('route duration in hours', () => {
  it('runs from the first to the last stop, past midnight too, and back', () => {
    expect(durationHours('08:00', '15:30')).toBe(7.5);
    expect(durationHours('22:00', '01:00')).toBe(3);
    expect(durationHours(null, '15:30')).toBeNull();
    expect(lastStopFromDuration('08:00', 7.5)).toBe('15:30');
    expect(lastStopFromDuration('08:00:00', 2.25)).toBe('10:15');
  });
});

describe('a B2B customer added or removed on a point', () => {
  const point: SavedPoint = {
    id: 7,
    route_id: 3,
    position: 1,
    address: 'Algade 1',
    custom_address: null,
    use_custom_address: false,
    lat: 55.6,
    lng: 12.5,
    sales_count: 0,
    wait_time: 2,
    arrival_time: '10:00:00',
    private_comment: null,
    google_estimate_time: null,
    b2b_customers: [],
    active_customers_count: 0,
  };
  const route: EditorRoute = {
    id: 3,
    depo_id: 4,
    name: 'Route 3',
    version: 5,
    should_approve: 'pending',
    administration_time: null,
    eod_administration_time: null,
    first_stop_arrival_time: null,
    last_stop_arrival_time: null,
    route_duration: null,
    start_address: null,
    end_address: null,
    start_lat: null,
    start_lng: null,
    end_lat: null,
    end_lng: null,
    minimum_efficient_sales_count: 0,
  };
  const shop = { id: 11, shop_id: 'S-1', name: 'Shop' };
  const loaded = () => stateOf({ route, can_edit: true, points: [point], unplanned_sales: [] });

  it('takes the route version its own change made, and is no unsaved change', () => {
    const next = editorReducer(loaded(), { type: 'b2b', key: 'point-7', customers: [shop], version: 6 });
    expect(next.version).toBe(6);
    expect(next.dirty).toBe(false);
    expect(next.points[0]!.b2b_customers).toEqual([shop]);
  });

  it('keeps its version when someone else saved in between, so its next save is still warned about theirs', () => {
    const next = editorReducer(loaded(), { type: 'b2b', key: 'point-7', customers: [shop], version: 7 });
    expect(next.version).toBe(5);
    expect(next.points[0]!.b2b_customers).toEqual([shop]);
  });
});
