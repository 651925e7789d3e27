import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { optionalText, requiredText } from '@/shared/forms/text-rules';
import type { Tables, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';

export type RouteRow = Tables<'routes'>;

/** A new route's radius in metres (delivery-operations §9). */
export const DEFAULT_ROUTE_RADIUS = 200;

/** What the route form edits, as the inputs hold it (text, '' for none). */
export interface RouteFormValues {
  name: string;
  route_type: string;
  tag: string;
  radius: string;
  minimum_efficient_sales_count: string;
  administration_time: string;
  eod_administration_time: string;
  first_stop_arrival_time: string;
  last_stop_arrival_time: string;
  route_duration: string;
  should_leave_at_time: string;
  start_address: string;
  start_lat: string;
  start_lng: string;
  end_address: string;
  end_lat: string;
  end_lng: string;
  return_to_depo: boolean;
}

export function newRouteValues(): RouteFormValues {
  return {
    name: '',
    route_type: '',
    tag: '',
    radius: String(DEFAULT_ROUTE_RADIUS),
    minimum_efficient_sales_count: '0',
    administration_time: '',
    eod_administration_time: '',
    first_stop_arrival_time: '',
    last_stop_arrival_time: '',
    route_duration: '',
    should_leave_at_time: '',
    start_address: '',
    start_lat: '',
    start_lng: '',
    end_address: '',
    end_lat: '',
    end_lng: '',
    return_to_depo: true,
  };
}

const text = (value: string | number | null) => (value === null ? '' : String(value));
/** `08:00:00` from the database, `08:00` in a time input. */
const timeText = (value: string | null) => (value === null ? '' : value.slice(0, 5));

export function routeValuesFromRow(route: RouteRow): RouteFormValues {
  return {
    name: route.name,
    route_type: text(route.route_type),
    tag: text(route.tag),
    radius: text(route.radius),
    minimum_efficient_sales_count: text(route.minimum_efficient_sales_count),
    administration_time: text(route.administration_time),
    eod_administration_time: text(route.eod_administration_time),
    first_stop_arrival_time: timeText(route.first_stop_arrival_time),
    last_stop_arrival_time: timeText(route.last_stop_arrival_time),
    route_duration: text(route.route_duration),
    should_leave_at_time: timeText(route.should_leave_at_time),
    start_address: text(route.start_address),
    start_lat: text(route.start_lat),
    start_lng: text(route.start_lng),
    end_address: text(route.end_address),
    end_lat: text(route.end_lat),
    end_lng: text(route.end_lng),
    return_to_depo: route.return_to_depo,
  };
}

/** A typed number (a comma taken as the decimal point); blank is none. */
const numberText = z
  .string()
  .trim()
  .refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), {
    message: serverMessage('not_a_number'),
    abort: true,
  })
  .transform((value) => (value === '' ? null : Number(value.replace(',', '.'))));

/** Hours as numeric(5, 2) holds them: 0 to 999.99. */
const hours = numberText
  .refine((value) => value === null || value >= 0, serverMessage('greater_than_or_equal_to', { count: 0 }))
  .refine((value) => value === null || value < 1000, serverMessage('less_than', { count: 1000 }));

/** A whole number from 0 up (radius, minimum efficient sales count). */
const count = numberText
  .refine((value) => value === null || Number.isInteger(value), {
    message: serverMessage('not_an_integer'),
    abort: true,
  })
  .refine((value) => value === null || value >= 0, serverMessage('greater_than_or_equal_to', { count: 0 }))
  .refine(
    (value) => value === null || value <= 2_147_483_647,
    serverMessage('less_than_or_equal_to', { count: 2_147_483_647 }),
  );

const coordinate = (limit: number) =>
  numberText.refine(
    (value) => value === null || Math.abs(value) <= limit,
    serverMessage('less_than_or_equal_to', { count: limit }),
  );

/** HH:mm (a time input's value); blank is none. */
const time = z
  .string()
  .trim()
  .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), serverMessage('invalid'))
  .transform((value) => (value === '' ? null : value));

/** The form checked before it is sent, as the routes table checks it. */
export const routeInputSchema = z
  .object({
    name: requiredText(120),
    route_type: optionalText(),
    tag: optionalText(),
    radius: count,
    minimum_efficient_sales_count: count,
    administration_time: hours,
    eod_administration_time: hours,
    first_stop_arrival_time: time,
    last_stop_arrival_time: time,
    route_duration: hours,
    should_leave_at_time: time,
    start_address: optionalText(),
    start_lat: coordinate(90),
    start_lng: coordinate(180),
    end_address: optionalText(),
    end_lat: coordinate(90),
    end_lng: coordinate(180),
    return_to_depo: z.boolean(),
  })
  // The minimum efficient sales count has no "none": blank is 0, as the table's default.
  .transform(({ minimum_efficient_sales_count, ...rest }) => ({
    ...rest,
    minimum_efficient_sales_count: minimum_efficient_sales_count ?? 0,
  }));

export type RouteInput = z.output<typeof routeInputSchema>;

export function routeInsert(input: RouteInput, tenantId: string, depoId: number): TablesInsert<'routes'> {
  return { ...input, tenant_id: tenantId, depo_id: depoId };
}

export function routeUpdate(input: RouteInput): TablesUpdate<'routes'> {
  return input;
}
