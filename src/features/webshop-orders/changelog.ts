import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import type { Tables } from '@/shared/supabase/database.types';
import { statusWord } from './order-kinds';

/** One version as the changelog view returns it: what it recorded, with the names behind the ids and the writer. */
export type ChangelogVersion = Pick<
  Tables<'webshop_order_changelog'>,
  | 'id'
  | 'created_at'
  | 'user_id'
  | 'user_full_name'
  | 'status'
  | 'delivery_date'
  | 'route_id'
  | 'route_name'
  | 'stop_id'
  | 'stop_address'
  | 'stop_position'
  | 'recorded_depo_id'
  | 'recorded_depo_title'
  | 'comment'
>;

/** What the tenant's dates and clock need. */
export interface ChangelogTenant {
  date_format: string;
  time_zone: string;
}

const NONE = '-';

/**
 * The fields an order version records (delivery-operations §3 "Order version"), in the changelog's order, each with
 * the label a person reads and its value in words: names for ids (a name the caller may not read, such as a route
 * of the depo the order came from, says so instead of showing the id), dates in the tenant's format.
 */
const CHANGELOG_FIELDS: ReadonlyArray<{
  field: string;
  label: string;
  shown: (version: ChangelogVersion, tenant: ChangelogTenant) => string;
}> = [
  { field: 'status', label: 'Status', shown: (v) => (v.status ? statusWord(v.status) : NONE) },
  {
    field: 'delivery_date',
    label: 'Delivery date',
    shown: (v, tenant) => (v.delivery_date ? formatTenantDate(v.delivery_date, tenant.date_format) : NONE),
  },
  {
    field: 'route',
    label: 'Route',
    shown: (v) => (v.route_id === null ? NONE : (v.route_name ?? 'A route of another depo')),
  },
  {
    field: 'stop',
    label: 'Stop',
    shown: (v) => {
      if (v.stop_id === null) return NONE;
      if (v.stop_position === null) return 'A stop of another depo';
      return v.stop_address ? `Stop ${v.stop_position}, ${v.stop_address}` : `Stop ${v.stop_position}`;
    },
  },
  {
    field: 'depo',
    label: 'Depo',
    shown: (v) => (v.recorded_depo_id === null ? NONE : (v.recorded_depo_title ?? 'Another depo')),
  },
  { field: 'comment', label: 'Comment', shown: (v) => v.comment?.trim() || NONE },
];

export interface FieldHistory {
  field: string;
  label: string;
  values: string[];
}

/**
 * Each field's history over the versions (oldest first): a value repeated by a version that changed another
 * field is written once, so the arrows show changes; the last value is the current one.
 */
export function fieldHistories(versions: readonly ChangelogVersion[], tenant: ChangelogTenant): FieldHistory[] {
  return CHANGELOG_FIELDS.map(({ field, label, shown }) => {
    const values: string[] = [];
    for (const version of versions) {
      const value = shown(version, tenant);
      if (values.at(-1) !== value) values.push(value);
    }
    return { field, label, values };
  });
}

export interface ChangeEntry {
  id: number;
  /** When, in the tenant's date format and clock. */
  at: string;
  /** Who: the staff member's name; the web shop made the order, a trusted job has no writer. */
  by: string;
  /** The labels of the fields this version changed; the first version created the order. */
  changed: string;
}

/** Who changed what when, one entry per version, newest first. */
export function changeEntries(versions: readonly ChangelogVersion[], tenant: ChangelogTenant): ChangeEntry[] {
  return versions
    .map((version, index) => {
      const before = index > 0 ? versions[index - 1] : undefined;
      const changed = before
        ? CHANGELOG_FIELDS.filter(({ shown }) => shown(before, tenant) !== shown(version, tenant)).map((f) => f.label)
        : [];
      const writer =
        version.user_full_name ?? (version.user_id ? 'A former staff member' : index === 0 ? 'Web shop' : 'System');
      return {
        id: version.id,
        at: formatTenantDateTime(version.created_at, tenant.date_format, tenant.time_zone),
        by: writer,
        changed: before ? changed.join(', ') || 'No visible change' : 'Created the order',
      };
    })
    .reverse();
}
