import { expect, test } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { onLand } from './support/land.ts';
import { stackInfo } from '../support/stack-info.ts';

// The demo world's stops lie on land (issue 25 item 14): stops near Knarvik and Aarhus, and other coastal towns,
// were scattered into the fjords and the bay, where the tracking and subscribe maps drew them in the sea.

// The seeded towns (seeds/01-tenants-depos-users.sql): each seeded stop's address ends with its route's town.
const TOWNS = [
  'Glostrup',
  'Roskilde',
  'Køge',
  'Hillerød',
  'Aarhus',
  'Randers',
  'Silkeborg',
  'Horsens',
  'Odense',
  'Svendborg',
  'Middelfart',
  'Nyborg',
  'Oslo',
  'Drammen',
  'Lillestrøm',
  'Ski',
  'Bergen',
  'Os',
  'Knarvik',
  'Trondheim',
  'Stjørdal',
  'Melhus',
];

test('every seeded stop of the Danish and Norwegian tenants lies on the base map’s land', async () => {
  const stops = await sql<{ address: string; lat: number; lng: number }>(
    `select rp.address, rp.lat, rp.lng from public.route_points rp
       join public.tenants t on t.id = rp.tenant_id
       join public.routes r on r.id = rp.route_id
      where t.slug in ('hjem-is', 'den-norske-isbilen') and rp.deleted_at is null and rp.lat is not null
        and split_part(rp.address, ', ', 2) = any ($1) and r.name like split_part(rp.address, ', ', 2) || ' %'`,
    [TOWNS],
  );
  expect(stops.length).toBeGreaterThan(1000);
  const land = await onLand(stackInfo().apiUrl, stops);
  const inSea = stops.filter((_, i) => !land[i]).map((s) => `${s.address} (${s.lat.toFixed(4)}, ${s.lng.toFixed(4)})`);
  expect(inSea).toEqual([]);
  // The towns the issue named have their stops.
  expect(stops.some((s) => s.address.endsWith(', Knarvik'))).toBe(true);
  expect(stops.some((s) => s.address.endsWith(', Aarhus'))).toBe(true);
});
