import { describe, expect, it } from 'vitest';
import { decodePolyline } from '@/features/plan-event-report/polyline';
import { clockTime, durationText, revenueText } from '@/features/plan-event-report/report-format';
import { planEventReportSchema } from '@/features/plan-event-report/api/plan-event-report-data';

describe('decodePolyline (the driven trail)', () => {
  it("decodes Google's example polyline into [lng, lat] points", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });

  it('draws nothing for an empty trail and stops at a broken value', () => {
    expect(decodePolyline('')).toEqual([]);
    expect(decodePolyline('_p~iF~ps|U_ulL')).toEqual([[-120.2, 38.5]]);
  });
});

describe('report texts', () => {
  it("shows times as HH:mm on the tenant's clock", () => {
    expect(clockTime('2026-11-26T09:06:00Z', 'Europe/Copenhagen')).toBe('10:06');
    expect(clockTime(null, 'Europe/Copenhagen')).toBe('');
  });

  it('says how long the truck stood at a stop', () => {
    expect(durationText(270)).toBe('4 min 30 s');
    expect(durationText(300)).toBe('5 min');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(3900)).toBe('1 h 05 min');
    expect(durationText(null)).toBe('');
  });

  it("shows revenue in kr in the tenant's number format", () => {
    expect(revenueText(1234.5, 'da')).toBe('1.234,50 kr');
    expect(revenueText(1234.5, 'en')).toBe('1,234.50 kr');
  });
});

describe('the report answer', () => {
  const header = {
    id: 1,
    depo_id: 4,
    date: '2026-11-26',
    day_span: 1,
    start_at_hour: 8,
    start_at_min: 0,
    route_id: 2,
    route_name: 'R',
    title: 'R 26-11-2026',
    driver_name: null,
    driver_email: 'd@x.test',
    car_id: 3,
    car_internal_number: 'HJ-001',
    car_plate_number: 'AB 1',
    started_at: null,
    trip_finished_at: null,
    car_not_moving: false,
    on_road: false,
    car_lat: null,
    car_lng: null,
    car_located_at: null,
    revenue: '1234.50',
    sms_stopped_at: null,
    converted_at: null,
    converted_route_id: null,
    converted_route_name: null,
    trail: null,
  };

  it('reads the revenue as a number and a missing trail as none', () => {
    const parsed = planEventReportSchema.parse({ plan_event: header, stops: [] });
    expect(parsed.plan_event.revenue).toBe(1234.5);
    expect(parsed.plan_event.trail).toBe('');
  });

  it('refuses a status the page cannot draw', () => {
    const stop = {
      id: 1,
      position: 1,
      address: 'A',
      lat: 1,
      lng: 2,
      status: 'lost',
      point_visited: null,
      arrival_date: null,
      actual_arrival_time: null,
      visited_at: null,
      duration_seconds: null,
      original_estimate: null,
      estimate: null,
      subscribers: 0,
      eshop_orders: 0,
    };
    expect(() => planEventReportSchema.parse({ plan_event: header, stops: [stop] })).toThrow();
  });
});
