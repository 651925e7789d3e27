import { z } from 'zod';

// The answer of public.plan_event_heat_map (migration 20261128030000_plan_event_heat_map.sql), checked at the
// edge: the function returns jsonb, so the generated types say only `Json`.
const amount = z.union([z.number(), z.string()]).transform(Number);

export const heatMapPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** How often a stop was planned at this place in the history. */
  stops: z.number(),
  visits: z.number(),
  revenue: amount,
});

export const heatMapSchema = z.object({
  plan_event: z.object({
    id: z.number(),
    depo_id: z.number(),
    date: z.string(),
    route_id: z.number(),
    route_name: z.string(),
    /** The history's first day (2 years before the plan event's date, plus one). */
    from: z.string(),
  }),
  events: z.array(z.object({ id: z.number(), date: z.string() })),
  points: z.array(heatMapPointSchema),
});

export type HeatMapData = z.infer<typeof heatMapSchema>;
export type HeatMapPoint = z.infer<typeof heatMapPointSchema>;
