import { describe, expect, it } from 'vitest';
import type { MapCustomer } from '../../src/features/route-points/api/route-map.ts';
import { emptyPoint, type EditorPoint } from '../../src/features/route-points/editor-state.ts';
import { customerColours, customerPlace } from '../../src/features/route-points/map/customer-colours.ts';
import {
  customerFeatures,
  otherRouteFeatures,
  stopFeatures,
} from '../../src/features/route-points/map/map-features.ts';

const point = (over: Partial<EditorPoint>): EditorPoint => ({ ...emptyPoint(), ...over });
const customer = (over: Partial<MapCustomer>): MapCustomer => ({
  customer_id: 1,
  address: 'Vej 1',
  lat: 56,
  lng: 10,
  phone: '+4512345678',
  other_route: null,
  exists_in_current_route: false,
  exists_in_other_route: false,
  route_number: null,
  has_route_number: false,
  ...over,
});

describe('customer colours (green this route, blue another, black a route number, red none)', () => {
  it('takes the first that applies', () => {
    expect(
      customerPlace(customer({ exists_in_current_route: true, exists_in_other_route: true, has_route_number: true })),
    ).toBe('current-route');
    expect(customerPlace(customer({ exists_in_other_route: true, has_route_number: true }))).toBe('other-route');
    expect(customerPlace(customer({ has_route_number: true }))).toBe('route-number');
    expect(customerPlace(customer({}))).toBe('none');
    expect(customerColours).toEqual({
      'current-route': '#2b8a3e',
      'other-route': '#1971c2',
      'route-number': '#000000',
      none: '#e03131',
    });
  });

  it('draws each customer in its colour, a selected one as selected', () => {
    const features = customerFeatures(
      [customer({ customer_id: 7, exists_in_other_route: true }), customer({ customer_id: 8 })],
      new Set([8]),
    ).features;
    expect(features.map((feature) => feature.properties)).toEqual([
      { customerId: 7, address: 'Vej 1', place: 'other-route', colour: '#1971c2', selected: false },
      { customerId: 8, address: 'Vej 1', place: 'none', colour: '#e03131', selected: true, variant: 'selected' },
    ]);
    expect(features[0]!.geometry.coordinates).toEqual([10, 56]);
  });
});

describe('stops on the route map', () => {
  it('numbers the addressed points by position as the table does, leaves out points without a place, labels unless FAST MAP', () => {
    const points = [
      point({ key: 'a', address: 'Vej 1', lat: 56, lng: 10 }),
      point({ key: 'b', address: 'Vej 2' }),
      point({ key: 'c', address: 'Vej 3', lat: 56.1, lng: 10.1 }),
      point({ key: 'empty' }),
    ];
    expect(stopFeatures(points, true).features.map((feature) => feature.properties)).toEqual([
      { key: 'a', number: 1, address: 'Vej 1', label: '1' },
      { key: 'c', number: 3, address: 'Vej 3', label: '3' },
    ]);
    expect(stopFeatures(points, false).features.map((feature) => 'label' in feature.properties)).toEqual([
      false,
      false,
    ]);
  });

  it("draws the chosen similar routes' stops labelled with route and position", () => {
    const features = otherRouteFeatures([
      { id: 2, name: 'Nord', depo_title: 'Aarhus', shared_customers: 1, stops: [{ position: 1, lat: 56, lng: 10 }] },
    ]).features;
    expect(features.map((feature) => feature.properties)).toEqual([
      { routeName: 'Nord', variant: 'stop-visited', label: 'Nord 1' },
    ]);
  });
});
