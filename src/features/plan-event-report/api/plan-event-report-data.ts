import { z } from 'zod';
import { reportStatuses } from '../report-status';

// The answer of public.plan_event_report (migration 20261127050000_plan_event_report.sql), checked at the edge:
// the function returns jsonb, so the generated types say only `Json`.
const when = z.string().nullable();
const amount = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((value) => (value === null ? null : Number(value)));

export const reportStopSchema = z.object({
  id: z.number(),
  position: z.number(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  status: z.enum(reportStatuses),
  point_visited: z.boolean().nullable(),
  arrival_date: when,
  actual_arrival_time: when,
  visited_at: when,
  duration_seconds: z.number().nullable(),
  original_estimate: when,
  estimate: when,
  subscribers: z.number(),
  eshop_orders: z.number(),
});

export const reportHeaderSchema = z.object({
  id: z.number(),
  depo_id: z.number(),
  date: z.string(),
  day_span: z.number(),
  start_at_hour: z.number(),
  start_at_min: z.number(),
  route_id: z.number(),
  route_name: z.string(),
  /** The name a converted route gets (route name and date), as the convert refusal names it. */
  title: z.string(),
  driver_name: z.string().nullable(),
  driver_email: z.string().nullable(),
  car_id: z.number(),
  car_internal_number: z.string(),
  car_plate_number: z.string().nullable(),
  started_at: when,
  trip_finished_at: when,
  car_not_moving: z.boolean(),
  on_road: z.boolean(),
  car_lat: z.number().nullable(),
  car_lng: z.number().nullable(),
  car_located_at: when,
  revenue: amount,
  sms_stopped_at: when,
  converted_at: when,
  converted_route_id: z.number().nullable(),
  converted_route_name: z.string().nullable(),
  /** The driven trail, an encoded polyline (precision 5); '' before the truck moved. */
  trail: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
});

export const planEventReportSchema = z.object({ plan_event: reportHeaderSchema, stops: z.array(reportStopSchema) });

export type PlanEventReport = z.infer<typeof planEventReportSchema>;
export type ReportStop = z.infer<typeof reportStopSchema>;
export type ReportHeader = z.infer<typeof reportHeaderSchema>;
