import { z } from 'zod';

// The answers of public.plan_event_sms_customers and public.weekday_sms_customers (migration
// 20261128020000_sms_customers.sql), checked at the edge: the functions return jsonb, so the generated types say `Json`.
const when = z.string().nullable();

export const smsCustomerSchema = z.object({
  /** The SMS receiver: one customer at one stop of one plan event. */
  id: z.number(),
  customer_id: z.number(),
  plan_event_id: z.number(),
  phone_number: z.string(),
  address: z.string().nullable(),
  route_name: z.string(),
  stop_id: z.number(),
  stop_position: z.number(),
  stop_address: z.string().nullable(),
  sms_permission: z.boolean(),
  sms_should_send_at: when,
  sms_sent_at: when,
  sms_sent_skipped_at: when,
  reason_of_sms_skip: z.string().nullable(),
  full_description_of_sms_skip: z.string().nullable(),
  /** Set when staff stopped this customer's SMS (or the plan event's): the row cannot be selected. */
  sms_stopped_at: when,
  car_stopped_at: when,
  google_estimate_time: when,
  original_google_estimate_time: when,
  /** The tracking page the SMS links to. */
  sms_demo_link: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  route_number: z.string().nullable(),
});

export const smsStopSchema = z.object({
  id: z.number(),
  position: z.number(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const smsPlanEventSchema = z.object({
  id: z.number(),
  depo_id: z.number(),
  date: z.string(),
  route_name: z.string(),
  car_internal_number: z.string(),
  sms_stopped_at: when,
  can_be_stopped: z.boolean(),
  can_send_custom_sms: z.boolean(),
  stops: z.array(smsStopSchema),
});

export const planEventSmsCustomersSchema = z.object({
  plan_event: smsPlanEventSchema,
  customers: z.array(smsCustomerSchema),
});
export const weekdaySmsCustomersSchema = z.object({
  date: z.string(),
  plan_event_ids: z.array(z.number()),
  customers: z.array(smsCustomerSchema),
});

export type SmsCustomer = z.infer<typeof smsCustomerSchema>;
export type SmsStop = z.infer<typeof smsStopSchema>;
export type SmsPlanEvent = z.infer<typeof smsPlanEventSchema>;
export type PlanEventSmsCustomers = z.infer<typeof planEventSmsCustomersSchema>;
export type WeekdaySmsCustomers = z.infer<typeof weekdaySmsCustomersSchema>;
