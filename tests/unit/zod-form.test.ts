import { describe, expect, it } from 'vitest';
import { carInputSchema, newCarValues } from '@/features/cars/car-form-values';
import { smsCampaignInputSchema } from '@/features/sms-campaigns/sms-campaign-form-values';
import { userFormSchema, emptyUserForm } from '@/features/users/user-form-values';
import { wallmobNumberSchema } from '@/features/wallmob/wallmob-kinds';
import { toFormErrors } from '@/shared/errors/form-errors';
import { tenantDateText } from '@/shared/forms/date-text';
import { placeServerErrors, valueNames } from '@/shared/forms/server-field-errors';
import { parseTenantDate } from '@/shared/format/tenant-date';

describe('server errors placed on a form', () => {
  const fields = ['internal_number', 'mobile_number', 'depo_id', 'address', 'home_address'];

  it('puts a taken unique key under its field', () => {
    const failure = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "cars_tenant_id_internal_number_key"',
      details: '',
      hint: '',
    };
    expect(placeServerErrors(toFormErrors(failure), fields)).toEqual({
      fields: { internal_number: 'has already been taken' },
      base: undefined,
    });
  });

  it('finds a field by its alias or by the name with or without _id', () => {
    const placed = placeServerErrors(
      { errors: { 'location.address': ["can't be blank"], depo: ['not found'] }, full_errors: [] },
      fields,
      {
        'location.address': 'address',
      },
    );
    expect(placed.fields).toEqual({ address: "can't be blank", depo_id: 'not found' });
  });

  it('words what no field holds as a whole sentence in the base error, never raw database text', () => {
    const placed = placeServerErrors(
      { errors: { tenant_id: ['is invalid'], base: ['Not found'] }, full_errors: [] },
      fields,
    );
    expect(placed).toEqual({ fields: {}, base: 'Tenant is invalid, Not found' });
    const rls = toFormErrors(
      { code: '42501', message: 'new row violates row-level security policy for table "depos"', details: '', hint: '' },
      { action: 'edit', resource: 'depos' },
    );
    expect(placeServerErrors(rls, fields).base).toBe("You don't have permission to edit depos");
  });

  it('keeps a function answer with sentences only', () => {
    expect(placeServerErrors({ errors: {}, full_errors: ['Email has already been taken'] }, fields).base).toBe(
      'Email has already been taken',
    );
  });

  it('names nested values with dots, arrays as one value', () => {
    expect(valueNames({ a: '', b: { c: 1, d: [1, 2] }, e: [3] })).toEqual(['a', 'b.c', 'b.d', 'e']);
  });
});

describe('dates typed in the tenant format', () => {
  it('reads DD-MM-YYYY with dashes, dots, slashes or digits alone, and refuses what is no date', () => {
    expect(parseTenantDate('01-07-2026', 'DD-MM-YYYY')).toBe('2026-07-01');
    expect(parseTenantDate('1.7.2026', 'DD-MM-YYYY')).toBe('2026-07-01');
    expect(parseTenantDate('24122026', 'DD-MM-YYYY')).toBe('2026-12-24');
    expect(parseTenantDate('31-02-2026', 'DD-MM-YYYY')).toBeNull();
    expect(parseTenantDate('07/31/2026', 'DD-MM-YYYY')).toBeNull();
    expect(parseTenantDate('2026-07-01', 'YYYY-MM-DD')).toBe('2026-07-01');
    expect(parseTenantDate('241226', 'DDMMYY')).toBe('2026-12-24');
  });

  it('gives the server texts: blank, invalid', () => {
    const schema = tenantDateText();
    expect(schema.safeParse('').error?.issues[0].message).toBe("can't be blank");
    expect(schema.safeParse('13-13-2026').error?.issues[0].message).toBe('is invalid');
    expect(schema.parse(' 05-11-2026 ')).toBe('2026-11-05');
  });

  it('keeps a campaign end from coming before its start', () => {
    const result = smsCampaignInputSchema.safeParse({
      name: 'a',
      text: 'b',
      start_date: '10-07-2026',
      end_date: '09-07-2026',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['end_date', 'is invalid'],
    ]);
    expect(
      smsCampaignInputSchema.parse({ name: 'a', text: 'b', start_date: '10-07-2026', end_date: '10-07-2026' }),
    ).toMatchObject({
      start_date: '2026-07-10',
      end_date: '2026-07-10',
    });
  });
});

describe('client rules mirror the database', () => {
  const car = { ...newCarValues(1), internal_number: 'K1', plate_number: 'AB 12345' };

  it('refuses a car mobile number "abc" and a too long plate', () => {
    const issues =
      carInputSchema.safeParse({ ...car, mobile_number: 'abc', plate_number: 'X'.repeat(21) }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['mobile_number', 'is invalid'],
      ['plate_number', 'is too long (maximum is 20 characters)'],
    ]);
    expect(carInputSchema.parse({ ...car, mobile_number: '+45 11 22 33 44' })).toMatchObject({
      mobile_number: '+45 11 22 33 44',
      depo_id: 1,
    });
  });

  it('refuses a wallmob number without a digit', () => {
    expect(wallmobNumberSchema.safeParse({ number: 'abc' }).error?.issues[0].message).toBe('is invalid');
    expect(wallmobNumberSchema.safeParse({ number: '12 34' }).success).toBe(false);
    expect(wallmobNumberSchema.parse({ number: ' E2E-P-1 ' })).toEqual({ number: 'E2E-P-1' });
  });

  it('checks a user as admin-users does: names, e-mail, password pair, the depo the role needs', () => {
    const user = {
      ...emptyUserForm(null),
      first_name: 'A',
      email: 'not-an-email',
      password: '123',
      password_confirmation: '1234',
    };
    const issues = userFormSchema({ identityLocked: false }).safeParse(user).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['last_name', "can't be blank"],
      ['email', 'is invalid'],
      ['password', 'is too short (minimum is 6 characters)'],
      ['password_confirmation', "doesn't match Password"],
      ['depo_id', "can't be blank"],
    ]);
    // A user who also works elsewhere keeps the name and e-mail as stored: only the membership is checked.
    expect(userFormSchema({ identityLocked: true }).safeParse({ ...emptyUserForm(2), role: 'support' }).success).toBe(
      true,
    );
  });
});
