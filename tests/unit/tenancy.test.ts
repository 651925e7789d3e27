import { describe, expect, it } from 'vitest';
import { staffRoutes } from '../../src/app/staff-routes.ts';
import { visibleStaffRoutes } from '../../src/app/route-access.ts';
import {
  allowedDepos,
  depoSearchSchema,
  resolveCurrentDepo,
  withDepoSegment,
} from '../../src/features/tenants/current-depo.ts';
import { queryKeys } from '../../src/shared/query/query-keys.ts';
import {
  membershipForTenant,
  readAccessTokenClaims,
  sessionMemberships,
} from '../../src/shared/supabase/jwt-claims.ts';

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;

const memberships = [
  { tenant_id: 't-1', tenant: 'hjem-is', role: 'admin', depo_ids: [] },
  { tenant_id: 't-2', tenant: 'den-norske-isbilen', role: 'driver', depo_ids: [7] },
];

describe('access token claims', () => {
  it('read the memberships claim', () => {
    const session = { access_token: token({ sub: 'u-1', email: 'ø@hjem-is.test', memberships }) };
    expect(readAccessTokenClaims(session.access_token)).toMatchObject({ sub: 'u-1', email: 'ø@hjem-is.test' });
    expect(sessionMemberships(session)).toEqual(memberships);
    expect(membershipForTenant(session, 'den-norske-isbilen')).toEqual(memberships[1]);
    expect(membershipForTenant(session, 'romania')).toBeUndefined();
  });

  it('treat a token without (or with broken) memberships as none', () => {
    expect(sessionMemberships({ access_token: token({ sub: 'u-1' }) })).toEqual([]);
    expect(sessionMemberships({ access_token: token({ sub: 'u-1', memberships: [{ tenant: 'x' }] }) })).toEqual([]);
    expect(sessionMemberships(null)).toEqual([]);
    expect(readAccessTokenClaims('not-a-jwt')).toBeNull();
    expect(readAccessTokenClaims('a.!!!.c')).toBeNull();
  });
});

describe('depos of a member', () => {
  const depos = [
    { id: 3, title: 'Aarhus' },
    { id: 4, title: 'Glostrup' },
    { id: 5, title: 'Odense' },
  ];

  it('are every depo for an admin and their own for others', () => {
    expect(allowedDepos({ role: 'admin', depo_ids: [] }, depos)).toEqual(depos);
    expect(allowedDepos({ role: 'depo_admin', depo_ids: [3, 4] }, depos).map((depo) => depo.title)).toEqual([
      'Aarhus',
      'Glostrup',
    ]);
    expect(allowedDepos({ role: 'driver', depo_ids: [5] }, depos).map((depo) => depo.title)).toEqual(['Odense']);
    expect(allowedDepos({ role: 'support', depo_ids: [99] }, depos)).toEqual([]);
  });

  it("pick the URL's depo, else the remembered one, else the first, and only among their own", () => {
    const own = depos.slice(0, 2);
    expect(resolveCurrentDepo(own, 4, 3)).toBe(4);
    expect(resolveCurrentDepo(own, 5, 3)).toBe(3);
    expect(resolveCurrentDepo(own, undefined, 5)).toBe(3);
    expect(resolveCurrentDepo([], 4, 3)).toBeNull();
  });

  it('read the depo search parameter, dropping junk', () => {
    expect(depoSearchSchema.parse({ depo: 4 })).toEqual({ depo: 4 });
    expect(depoSearchSchema.parse({ depo: '4' })).toEqual({ depo: 4 });
    expect(depoSearchSchema.parse({ depo: 'Aarhus' })).toEqual({ depo: undefined });
    expect(depoSearchSchema.parse({ depo: -1 })).toEqual({ depo: undefined });
    expect(depoSearchSchema.parse({})).toEqual({});
  });
});

describe('navigation', () => {
  it('shows Home to everyone', () => {
    expect(visibleStaffRoutes(staffRoutes, { role: 'driver', tenant: {} }).map((item) => item.label)).toEqual(['Home']);
  });

  it('filters by role and tenant flags', () => {
    const items = [
      { id: 'home', label: 'Home', group: 'Operations' as const, to: '/$tenant' as const },
      {
        id: 'users',
        label: 'Users',
        group: 'Setup' as const,
        to: '/$tenant' as const,
        roles: ['admin', 'depo_admin'] as const,
      },
      {
        id: 'wallmob',
        label: 'Wallmob',
        group: 'Setup' as const,
        to: '/$tenant' as const,
        requiresFlag: 'has_wallmob' as const,
      },
      {
        id: 'sales',
        label: 'Sales export',
        group: 'Orders' as const,
        to: '/$tenant' as const,
        hiddenByFlag: 'uses_ice_cream_eod_layout' as const,
      },
    ];
    const labels = (role: 'admin' | 'driver', tenant: Record<string, boolean>) =>
      visibleStaffRoutes(items, { role, tenant }).map((item) => item.label);
    expect(labels('admin', { has_wallmob: true, uses_ice_cream_eod_layout: true })).toEqual([
      'Home',
      'Users',
      'Wallmob',
    ]);
    expect(labels('driver', { has_wallmob: false, uses_ice_cream_eod_layout: false })).toEqual([
      'Home',
      'Sales export',
    ]);
  });
});

describe('query keys', () => {
  it('are scoped by tenant and depo', () => {
    expect(queryKeys.auth.session()).toEqual(['auth', 'session']);
    expect(queryKeys.tenant('hjem-is').row()).toEqual(['tenant', 'hjem-is', 'row']);
    expect(queryKeys.tenant('hjem-is').depos()).toEqual(['tenant', 'hjem-is', 'depos']);
    expect(
      queryKeys
        .tenant('hjem-is')
        .resource('cars')
        .list({ statuses: ['active'] }),
    ).toEqual(['tenant', 'hjem-is', 'cars', 'list', { statuses: ['active'] }]);
    expect(queryKeys.tenant('hjem-is').depo(3).resource('orders').detail(9)).toEqual([
      'tenant',
      'hjem-is',
      'depo',
      3,
      'orders',
      'detail',
      9,
    ]);
    // Invalidating a tenant reaches everything of it, and nothing of another.
    expect(queryKeys.tenant('hjem-is').depo(3).all.slice(0, 2)).toEqual(queryKeys.tenant('hjem-is').all);
  });
});

describe('the depo segment of an address', () => {
  it('is replaced wherever the page sits below it, and absent elsewhere', () => {
    expect(withDepoSegment('/hjem-is/admin/depo/4/b2b_customers', 6)).toBe('/hjem-is/admin/depo/6/b2b_customers');
    expect(withDepoSegment('/hjem-is/depo/4/route/9/route_points', 6)).toBe('/hjem-is/depo/6/route/9/route_points');
    expect(withDepoSegment('/hjem-is/admin/depo/4', 6)).toBe('/hjem-is/admin/depo/6');
    expect(withDepoSegment('/hjem-is/admin/depos/4/edit', 6)).toBeUndefined();
    expect(withDepoSegment('/hjem-is', 6)).toBeUndefined();
  });
});
