import type { Json } from '@/shared/supabase/database.types';

/** The fields an order version records (delivery-operations §3 "Order version"), in the changelog's order. */
export const CHANGELOG_FIELDS = ['status', 'delivery_date', 'route_id', 'stop_id', 'depo_id', 'comment'] as const;

const shown = (value: Json | undefined): string => (value === null || value === undefined || value === '' ? '-' : String(value));

/**
 * Each field's history over the versions (oldest first): a value repeated by a version that changed another
 * field is written once, so the arrows show changes; the last value is the current one.
 */
export function fieldHistories(objects: readonly Json[]): Array<{ field: string; values: string[] }> {
  return CHANGELOG_FIELDS.map((field) => {
    const values: string[] = [];
    for (const object of objects) {
      const record = object && typeof object === 'object' && !Array.isArray(object) ? object : {};
      const value = shown(record[field]);
      if (values.at(-1) !== value) values.push(value);
    }
    return { field, values };
  });
}
