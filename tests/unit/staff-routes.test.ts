import { describe, expect, it } from 'vitest';
import { canOpen, depoOfPath, findStaffRoute, mayWorkInDepo, visibleStaffRoutes } from '../../src/app/route-access.ts';
import { staffGroups, staffRoutes } from '../../src/app/staff-routes.ts';

const covering = (pathname: string) => findStaffRoute(staffRoutes, pathname)?.id;
const open = (
  pathname: string,
  role: 'admin' | 'depo_admin' | 'support' | 'driver',
  tenant: Record<string, boolean> = {},
) => {
  const route = findStaffRoute(staffRoutes, pathname);
  return route !== undefined && canOpen(route, { role, tenant });
};

describe('the staff route declaration', () => {
  it('covers each screen by its own entry, with its new and edit pages', () => {
    expect(covering('/hjem-is')).toBe('home');
    expect(covering('/hjem-is/admin/depos')).toBe('depos');
    expect(covering('/hjem-is/admin/depos/new')).toBe('depos');
    expect(covering('/hjem-is/admin/depos/3/edit')).toBe('depos');
    expect(covering('/hjem-is/admin/depo/3/cars/7/edit')).toBe('cars');
    expect(covering('/hjem-is/admin/depo/3/b2b_customers')).toBe('b2b-customers');
    expect(covering('/hjem-is/admin/b2b_customers')).toBe('b2b-customers');
    expect(covering('/hjem-is/admin/b2b_customers/12/edit')).toBe('b2b-customer-edit');
    expect(covering('/hjem-is/admin/customers/12/edit')).toBe('customers');
    expect(covering('/hjem-is/admin/depo/3/customers/12/edit')).toBe('customers');
    expect(covering('/hjem-is/admin/depo/3/customers/new')).toBe('customers');
    expect(covering('/hjem-is/depo/3/routes')).toBe('routes');
    expect(covering('/hjem-is/depo/3/routes/filter/approved')).toBe('routes');
    expect(covering('/hjem-is/depo/3/routes/12/edit')).toBe('routes');
    // The route-points editor of one route is opened by the same declaration.
    expect(covering('/hjem-is/depo/3/route/12/route_points')).toBe('routes');
    expect(open('/hjem-is/depo/3/route/12/route_points', 'support')).toBe(false);
    expect(open('/hjem-is/depo/3/routes/new', 'depo_admin')).toBe(true);
    expect(open('/hjem-is/depo/3/routes', 'driver')).toBe(false);
  });

  it('refuses a path no entry declares (Home does not cover every path)', () => {
    expect(covering('/hjem-is/admin/something_new')).toBeUndefined();
    expect(open('/hjem-is/admin/something_new', 'admin')).toBe(false);
  });

  it('opens the admin screens to the roles the database lets write them', () => {
    for (const path of [
      '/hjem-is/admin/depos',
      '/hjem-is/admin/sms_templates/new',
      '/hjem-is/admin/sms_campaigns',
      '/hjem-is/admin/stop_types/2/edit',
    ]) {
      expect(open(path, 'admin')).toBe(true);
      for (const role of ['depo_admin', 'support', 'driver'] as const) expect(open(path, role)).toBe(false);
    }
    expect(open('/hjem-is/admin/depo/3/cars', 'depo_admin')).toBe(true);
    expect(open('/hjem-is/admin/depo/3/cars', 'support')).toBe(false);
    expect(open('/hjem-is/admin/depo/3/cars', 'driver')).toBe(false);
    expect(open('/hjem-is/admin/wallmob', 'admin', { has_wallmob: false })).toBe(false);
    expect(open('/hjem-is/admin/wallmob', 'admin', { has_wallmob: true })).toBe(true);
    expect(open('/hjem-is/admin/b2b_customers/1/edit', 'admin', { can_edit_b2b_customers: false })).toBe(false);
  });

  it('lets a member open only the depos they work in', () => {
    expect(depoOfPath('/hjem-is/admin/depo/3/cars/new')).toBe(3);
    expect(depoOfPath('/hjem-is/admin/depos/3/edit')).toBeUndefined();
    expect(mayWorkInDepo({ role: 'admin', depo_ids: [] }, 3)).toBe(true);
    expect(mayWorkInDepo({ role: 'depo_admin', depo_ids: [1, 2] }, 2)).toBe(true);
    expect(mayWorkInDepo({ role: 'support', depo_ids: [1] }, 3)).toBe(false);
  });

  it('puts every menu entry in a known group and leaves edit-only pages out of the menu', () => {
    for (const route of staffRoutes) expect(staffGroups).toContain(route.group);
    const admin = visibleStaffRoutes(staffRoutes, {
      role: 'admin',
      tenant: { can_edit_b2b_customers: true, has_wallmob: true },
    }).map((route) => route.id);
    expect(admin).not.toContain('b2b-customer-edit');
    expect(admin).toContain('wallmob');
  });
});
