import { array, boolean, nullable, number, object, string, type Check } from '@/shared/data/json-checks';
import { webUrl } from '@/shared/routing/web-url';

// What public_tracking_stop answers (migration 20261125060000_public_tracking.sql), checked at the edge: by
// hand, as this page is opened on phones over slow networks (see json-checks.ts).

export interface NearbyStop {
  uuid: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  position: number;
  point_visited: boolean | null;
  google_estimate_time: string | null;
  original_google_estimate_time: string | null;
}

export interface TrackedCar {
  id: number;
  lat: number | null;
  lng: number | null;
  recorded_at: string | null;
}

export interface TrackingCustomer {
  uuid: string;
  sms_permission: boolean;
  marketing_agreement: boolean;
  has_feedback: boolean;
}

export interface TrackingStop extends NearbyStop {
  arrival_date: string | null;
  depo: { title: string } | null;
  tenant: { slug: string; name: string; homepage_url: string | null; time_zone: string };
  car: TrackedCar | null;
  nearby_points: NearbyStop[];
  customer: TrackingCustomer | null;
}

const stopFields: { [K in keyof NearbyStop]: Check<NearbyStop[K]> } = {
  uuid: string,
  address: nullable(string),
  lat: nullable(number),
  lng: nullable(number),
  position: number,
  point_visited: nullable(boolean),
  google_estimate_time: nullable(string),
  original_google_estimate_time: nullable(string),
};

const checkCar = object<TrackedCar>({
  id: number,
  lat: nullable(number),
  lng: nullable(number),
  recorded_at: nullable(string),
});

// A homepage that is not an http(s) URL is no homepage: the page falls back to its own links.
const homepageUrl: Check<string | null> = (value, path) => (value === null ? null : webUrl(string(value, path)));

const checkStop = object<TrackingStop>({
  ...stopFields,
  arrival_date: nullable(string),
  depo: nullable(object({ title: string })),
  tenant: object({ slug: string, name: string, homepage_url: homepageUrl, time_zone: string }),
  car: nullable(checkCar),
  nearby_points: array(object<NearbyStop>(stopFields)),
  customer: nullable(
    object<TrackingCustomer>({
      uuid: string,
      sms_permission: boolean,
      marketing_agreement: boolean,
      has_feedback: boolean,
    }),
  ),
});

export const parseTrackingStop = (value: unknown): TrackingStop => checkStop(value, 'public_tracking_stop');
export const parseTrackedCar = (value: unknown): TrackedCar => checkCar(value, 'public_tracking_car_location');
