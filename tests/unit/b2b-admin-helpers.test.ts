import { describe, expect, it } from 'vitest';
import {
  b2bCustomerPayloadSchema,
  newB2bCustomerSchema,
  toFormValues,
} from '@/features/b2b-customers/b2b-customer-fields';
import { b2bCustomerSaveErrors } from '@/features/b2b-customers/b2b-customer-save-errors';
import { b2bCustomersSearchSchema, filtersFromSearch, nextSearch } from '@/features/b2b-customers/b2b-customers-search';
import { canEditB2bCustomers } from '@/features/b2b-customers/can-edit-b2b-customers';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { formatBytes, formatMoney, formatQuantity } from '@/shared/format/money';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { RequestError } from '@/shared/supabase/request-error';

describe('B2B customers list search', () => {
  it('defaults to Active, every depo, no search, tab All, page 1, and drops malformed values', () => {
    expect(b2bCustomersSearchSchema.parse({})).toEqual({ status: 'active', search_phrase: '', tab: 'all', page: 1 });
    expect(b2bCustomersSearchSchema.parse({ status: 'gone', tab: 'x', page: '-3', depo_id: 'abc' })).toEqual({
      status: 'active',
      search_phrase: '',
      tab: 'all',
      page: 1,
      depo_id: undefined,
    });
    expect(
      filtersFromSearch(b2bCustomersSearchSchema.parse({ depo_id: '4', tab: 'in_calendar', search_phrase: ' Kiosk ' })),
    ).toEqual({
      status: 'active',
      depoId: 4,
      searchPhrase: 'Kiosk',
      tab: 'in_calendar',
    });
  });

  it('starts again on page 1 when a filter or the tab changes', () => {
    const current = b2bCustomersSearchSchema.parse({ page: 3, tab: 'in_route' });
    expect(nextSearch(current, { status: 'inactive' })).toMatchObject({ status: 'inactive', tab: 'in_route', page: 1 });
    expect(nextSearch(current, { tab: 'all' })).toMatchObject({ tab: 'all', page: 1 });
  });
});

describe('B2B customer form', () => {
  it('shows stored values as typed text', () => {
    const values = toFormValues({
      customer_name: 'Kiosk',
      customer_number: 'H1',
      opening_week: 22,
      shop_open_at: '08:00:00',
      email: null,
      status: 'active',
    });
    expect(values).toMatchObject({
      customer_name: 'Kiosk',
      opening_week: '22',
      shop_open_at: '08:00',
      email: '',
      status: 'active',
    });
  });

  it('saves trimmed values with blanks as null and checks the table rules', () => {
    const values = {
      ...toFormValues({ customer_name: ' Kiosk ', customer_number: 'H1', status: 'inactive' }),
      opening_week: '22',
      shop_close_at: '20:00',
    };
    const parsed = b2bCustomerPayloadSchema.parse(values);
    expect(parsed).toMatchObject({
      customer_name: 'Kiosk',
      opening_week: 22,
      shop_close_at: '20:00',
      shop_id: null,
      status: 'inactive',
    });

    const bad = b2bCustomerPayloadSchema.safeParse({
      ...values,
      customer_name: '  ',
      opening_week: '54',
      email: 'nope',
      zip_code: '1234567890123',
    });
    expect(bad.success).toBe(false);
    const fields = bad.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['customer_name', "can't be blank"],
        ['opening_week', 'must be between 1 and 53'],
        ['email', 'is invalid'],
        ['zip_code', 'is too long (maximum is 12 characters)'],
      ]),
    );
    expect(newB2bCustomerSchema.safeParse({ customer_name: 'A', customer_number: '' }).success).toBe(false);
  });

  it('words save errors with the form labels', () => {
    const taken = new RequestError({
      message: 'duplicate key value violates unique constraint "b2b_customers_tenant_id_customer_number_key"',
      status: 409,
      path: '/rest/v1/b2b_customers',
      code: '23505',
      body: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "b2b_customers_tenant_id_customer_number_key"',
        details: '',
        hint: '',
      },
    });
    expect(b2bCustomerSaveErrors(taken)).toEqual({
      errors: { customer_number: ['has already been taken'] },
      full_errors: ['Account Number has already been taken'],
    });
    const offline = 'The server could not be reached. Check the connection and try again.';
    expect(b2bCustomerSaveErrors(new TypeError('Failed to fetch'))).toEqual({
      errors: { base: [offline] },
      full_errors: [offline],
    });
  });

  it('offers create, edit and delete to admins of the tenant that edits B2B customers', () => {
    expect(canEditB2bCustomers({ role: 'admin', tenant: { can_edit_b2b_customers: true } })).toBe(true);
    expect(canEditB2bCustomers({ role: 'admin', tenant: { can_edit_b2b_customers: false } })).toBe(false);
    expect(canEditB2bCustomers({ role: 'support', tenant: { can_edit_b2b_customers: true } })).toBe(false);
  });
});

describe('downloads and formats', () => {
  it('reads the file name a server suggests', () => {
    expect(fileNameFromDisposition('attachment; filename="b2b_customers_2026-11-22.xlsx"', 'x.xlsx')).toBe(
      'b2b_customers_2026-11-22.xlsx',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''kunder%20%C3%A6.xlsx", 'x.xlsx')).toBe(
      'kunder æ.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=../a.csv', 'x')).toBe('.._a.csv');
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('formats money in the tenant currency, quantities and sizes', () => {
    expect(formatMoney(1234.5, { currency: 'DKK', locale: 'da' })).toMatch(/^1\.234,50\s*kr\.$/);
    expect(formatMoney(1234.5, { currency: 'NOK', locale: 'nb' })).toMatch(/1\s234,50/);
    expect(formatMoney(2, { currency: 'XXXX', locale: 'da' })).toBe('2.00 XXXX');
    expect(formatQuantity(1234.5, 'da')).toBe('1.234,5');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('formats dates in the tenant date format and time zone', () => {
    expect(formatTenantDate('2026-11-22', 'DD-MM-YYYY')).toBe('22-11-2026');
    expect(formatTenantDate('2026-11-22', 'DD.MM.YYYY')).toBe('22.11.2026');
    expect(formatTenantDate('2026-11-22', 'unknown')).toBe('2026-11-22');
    expect(formatTenantDateTime('2026-11-22T23:30:00Z', 'DD-MM-YYYY', 'Europe/Copenhagen')).toBe('23-11-2026 00:30');
  });
});
