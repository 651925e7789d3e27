import { z } from 'zod';

// What public_tracking_stop answers (migration 20261125060000_public_tracking.sql), checked at the edge.
const stopFields = {
  uuid: z.string(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  position: z.number(),
  point_visited: z.boolean().nullable(),
  google_estimate_time: z.string().nullable(),
  original_google_estimate_time: z.string().nullable(),
};

export const nearbyStopSchema = z.object(stopFields);

export const carSchema = z.object({
  id: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  recorded_at: z.string().nullable(),
});

export const trackingStopSchema = z.object({
  ...stopFields,
  arrival_date: z.string().nullable(),
  depo: z.object({ title: z.string() }).nullable(),
  tenant: z.object({ slug: z.string(), name: z.string(), homepage_url: z.string().nullable(), time_zone: z.string() }),
  car: carSchema.nullable(),
  nearby_points: z.array(nearbyStopSchema),
  customer: z.object({
    uuid: z.string(),
    sms_permission: z.boolean(),
    marketing_agreement: z.boolean(),
    has_feedback: z.boolean(),
  }).nullable(),
});

export type TrackingStop = z.infer<typeof trackingStopSchema>;
export type NearbyStop = z.infer<typeof nearbyStopSchema>;
export type TrackedCar = z.infer<typeof carSchema>;
export type TrackingCustomer = NonNullable<TrackingStop['customer']>;
