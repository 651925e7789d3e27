// The route map's GeoJSON: its stops numbered by position, the customers coloured by where they belong,
// and the stops of the similar routes chosen in 'Selected Routes(n)'.
import type { FeatureCollection, Point } from 'geojson';
import type { PointStyleProperties } from '@/shared/map';
import type { MapCustomer, SimilarRoute } from '../api/route-map';
import type { EditorPoint } from '../editor-state';
import { printableRows } from '../print/printable-points';
import { type CustomerPlace, customerColours, customerPlace } from './customer-colours';

export interface StopProperties extends PointStyleProperties {
  key: string;
  number: number;
  address: string;
}

export interface CustomerProperties extends PointStyleProperties {
  customerId: number;
  address: string;
  place: CustomerPlace;
  colour: string;
  selected: boolean;
}

export interface OtherStopProperties extends PointStyleProperties {
  routeName: string;
}

/** The located points in their order, numbered as the table and the printout number them. */
export function stopFeatures(points: EditorPoint[], withLabels: boolean): FeatureCollection<Point, StopProperties> {
  const byKey = new Map(points.map((point) => [point.key, point]));
  return {
    type: 'FeatureCollection',
    features: printableRows(points).flatMap((row) => {
      const point = byKey.get(row.key);
      if (!point || point.lat === null || point.lng === null) return [];
      return [
        {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
          properties: {
            key: point.key,
            number: row.index,
            address: point.address,
            ...(withLabels ? { label: String(row.index) } : {}),
          },
        },
      ];
    }),
  };
}

export function customerFeatures(
  customers: MapCustomer[],
  selected: ReadonlySet<number>,
): FeatureCollection<Point, CustomerProperties> {
  return {
    type: 'FeatureCollection',
    features: customers.map((customer) => {
      const place = customerPlace(customer);
      const isSelected = selected.has(customer.customer_id);
      return {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [customer.lng, customer.lat] },
        properties: {
          customerId: customer.customer_id,
          address: customer.address ?? '',
          place,
          colour: customerColours[place],
          selected: isSelected,
          ...(isSelected ? { variant: 'selected' as const } : {}),
        },
      };
    }),
  };
}

export function otherRouteFeatures(routes: SimilarRoute[]): FeatureCollection<Point, OtherStopProperties> {
  return {
    type: 'FeatureCollection',
    features: routes.flatMap((route) =>
      route.stops.map((stop) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [stop.lng, stop.lat] },
        properties: {
          routeName: route.name,
          variant: 'stop-visited' as const,
          label: `${route.name} ${stop.position}`,
        },
      })),
    ),
  };
}
