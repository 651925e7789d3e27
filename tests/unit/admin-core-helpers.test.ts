import { describe, expect, it } from 'vitest';
import { auditUserName, prettyParams } from '@/features/audit/audit-user-text';
import { customerRowFromForm, emptyCustomerForm } from '@/features/customers/customer-form-values';
import { customerListParams, customerListSearchSchema } from '@/features/customers/customer-list-search';
import { depoSelectKind, emptyUserForm, userBodyFromForm } from '@/features/users/user-form-values';
import { effectiveUserStatuses } from '@/features/users/user-schema';
import { formatDateTime } from '@/shared/dates/date-time-text';
import { functionQueryString } from '@/shared/supabase/function-query';

describe('customer list search', () => {
  it('defaults to page 1 and 25 rows, and drops bad values', () => {
    expect(customerListParams(customerListSearchSchema.parse({}))).toEqual({
      page: 1,
      perPage: 25,
      consent: null,
      searchPhrase: '',
    });
    expect(customerListParams(customerListSearchSchema.parse({ per_page: 40, page: -2, consent: 'x' }))).toEqual({
      page: 1,
      perPage: 25,
      consent: null,
      searchPhrase: '',
    });
    expect(
      customerListParams(
        customerListSearchSchema.parse({ per_page: '50', consent: 'marketing', search_phrase: ' ole ' }),
      ),
    ).toMatchObject({
      perPage: 50,
      consent: 'marketing',
      searchPhrase: 'ole',
    });
  });
});

describe('customer form', () => {
  it('turns blanks into nulls and leaves hidden fields out', () => {
    const values = { ...emptyCustomerForm(), phone: ' +4512345678 ', route_number: '7', first_name: '  ' };
    const shown = customerRowFromForm(values, { hidesRouteNumber: false });
    expect(shown).toMatchObject({ phone: '+4512345678', route_number: '7', first_name: null });
    const hidden = customerRowFromForm(values, { hidesRouteNumber: true });
    expect('route_number' in hidden).toBe(false);
    expect('home_address' in hidden).toBe(false);
  });
});

describe('user form', () => {
  it('picks the depo select from the role', () => {
    expect(depoSelectKind('admin')).toBe('none');
    expect(depoSelectKind('depo_admin')).toBe('multiple');
    expect(depoSelectKind('support')).toBe('single');
    expect(depoSelectKind('driver')).toBe('single');
  });

  it('sends the depo fields of the role, franchise only for drivers, no blank password', () => {
    const driver = { ...emptyUserForm(3), franchise_driver: true };
    expect(userBodyFromForm(driver, { hasLakrids: false, hasWallmob: true })).toMatchObject({
      depo_id: 3,
      depo_ids: [],
      franchise_driver: true,
      wallmob_id: '',
    });
    const body = userBodyFromForm(
      { ...driver, role: 'depo_admin', depo_ids: [3, 4] },
      { hasLakrids: true, hasWallmob: false },
    );
    expect(body).toMatchObject({ depo_ids: [3, 4], depo_id: null, franchise_driver: false, lakrids_driver_id: '' });
    expect('password' in body).toBe(false);
    expect('wallmob_id' in body).toBe(false);
    expect(userBodyFromForm({ ...driver, role: 'admin' }, { hasLakrids: false, hasWallmob: false })).toMatchObject({
      depo_ids: [],
      depo_id: null,
    });
  });

  it('lists active users unless statuses are chosen', () => {
    expect(effectiveUserStatuses(undefined)).toEqual(['active']);
    expect(effectiveUserStatuses(['inactive'])).toEqual(['inactive']);
  });
});

describe('edge function query strings', () => {
  it('writes arrays Rails-style and leaves empty values out', () => {
    expect(functionQueryString({ tenant: 'hjem-is', statuses: ['active', 'inactive'], id: null, q: '' })).toBe(
      '?tenant=hjem-is&statuses%5B%5D=active&statuses%5B%5D=inactive',
    );
    expect(functionQueryString({})).toBe('');
  });
});

describe('audit texts', () => {
  it('names the user, falls back to the e-mail, and pretty-prints params', () => {
    expect(auditUserName({ first_name: 'Ada', last_name: 'L', email: 'a@x.test', role: 'admin' })).toBe('Ada L');
    expect(auditUserName({ first_name: '', last_name: '', email: 'a@x.test', role: null })).toBe('a@x.test');
    expect(auditUserName(null)).toBe('');
    expect(prettyParams({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('formats times in the tenant zone', () => {
    expect(formatDateTime('2026-11-22T12:05:00Z', 'Europe/Copenhagen')).toBe('22-11-2026 13:05');
    expect(formatDateTime(null)).toBe('');
  });
});
