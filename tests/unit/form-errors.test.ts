import { describe, expect, it } from 'vitest';
import {
  emptyFormErrors,
  fieldErrors,
  firstFieldError,
  fullErrorsText,
  humanizeAttribute,
  joinedFieldErrors,
  toFormErrors,
} from '../../src/shared/errors/form-errors.ts';
import { RequestError } from '../../src/shared/supabase/request-error.ts';

describe('toFormErrors from PostgREST errors', () => {
  it('turns a unique violation into "has already been taken" on the described column, not the tenant', () => {
    const result = toFormErrors({
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_tenant_id_sku_key"',
      details: 'Key (tenant_id, sku)=(8b0c..., ABC-1) already exists.',
      hint: null,
    });
    expect(result).toEqual({
      errors: { sku: ['has already been taken'] },
      full_errors: ['Sku has already been taken'],
    });
  });

  it('reads expression indexes such as lower(email)', () => {
    const result = toFormErrors({
      code: '23505',
      message: 'duplicate key',
      details: 'Key (lower(email))=(a@b.dk) already exists.',
      hint: '',
    });
    expect(result.errors).toEqual({ email: ['has already been taken'] });
  });

  it('turns a not-null violation into "can\'t be blank"', () => {
    const result = toFormErrors({
      code: '23502',
      message: 'null value in column "title" of relation "depos" violates not-null constraint',
      details: 'Failing row contains (...).',
      hint: '',
    });
    expect(result).toEqual({ errors: { title: ["can't be blank"] }, full_errors: ["Title can't be blank"] });
  });

  it('turns a check violation named <table>_<column>_check into "is invalid"', () => {
    const result = toFormErrors({
      code: '23514',
      message: 'new row for relation "depos" violates check constraint "depos_address_lat_check"',
      details: 'Failing row contains (...).',
      hint: '',
    });
    expect(result).toEqual({ errors: { address_lat: ['is invalid'] }, full_errors: ['Address lat is invalid'] });
  });

  it('keeps the sentence of a check raised by a trigger, on the field its hint names', () => {
    const raised = toFormErrors({
      code: '23514',
      message: 'Plate number cannot be changed after the car is created',
      details: '',
      hint: 'plate_number',
    });
    expect(raised).toEqual({
      errors: { plate_number: ['Plate number cannot be changed after the car is created'] },
      full_errors: ['Plate number cannot be changed after the car is created'],
    });
    const base = toFormErrors({
      code: '23514',
      message: 'A depo admin needs at least one depo',
      details: null,
      hint: null,
    });
    expect(base).toEqual({
      errors: { base: ['A depo admin needs at least one depo'] },
      full_errors: ['A depo admin needs at least one depo'],
    });
  });

  it('turns a missing foreign row into "not found" on the _id column', () => {
    const result = toFormErrors({
      code: '23503',
      message: 'insert or update on table "cars" violates foreign key constraint "cars_tenant_id_depo_id_fkey"',
      details: 'Key (tenant_id, depo_id)=(8b0c..., 99) is not present in table "depos".',
      hint: '',
    });
    expect(result).toEqual({ errors: { depo_id: ['not found'] }, full_errors: ['Depo not found'] });
    // The form's `depo` select finds it too.
    expect(firstFieldError(result, 'depo')).toBe('not found');
  });

  it('explains a delete that other rows still need', () => {
    const result = toFormErrors({
      code: '23503',
      message: 'update or delete on table "depos" violates foreign key constraint "cars_depo_fkey" on table "cars"',
      details: 'Key (tenant_id, id)=(8b0c..., 5) is still referenced from table "cars".',
      hint: '',
    });
    expect(result.full_errors).toEqual(['Cannot delete record because dependent cars exist']);
  });

  it('reports "Not found" for a single row that is not there', () => {
    const result = toFormErrors({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 0 rows',
      hint: null,
    });
    expect(result.full_errors).toEqual(['Not found']);
  });

  it('turns a row-level security refusal into a plain sentence, never the policy text', () => {
    const result = toFormErrors({
      code: '42501',
      message: 'new row violates row-level security policy for table "cars"',
      details: null,
      hint: null,
    });
    expect(result).toEqual({
      errors: { base: ["You don't have permission to do that."] },
      full_errors: ["You don't have permission to do that."],
    });
    const depos = toFormErrors(
      { code: '42501', message: 'new row violates row-level security policy for table "depos"' },
      { action: 'edit', resource: 'depos' },
    );
    expect(depos.full_errors).toEqual(["You don't have permission to edit depos"]);
  });

  it('passes a sentence raised on purpose (P0001) through as a base error', () => {
    const result = toFormErrors({
      code: 'P0001',
      message: 'Route point is already planned',
      details: null,
      hint: null,
    });
    expect(result.full_errors).toEqual(['Route point is already planned']);
  });
});

describe('toFormErrors from edge functions and other failures', () => {
  it('keeps an { errors, full_errors } body as it is', () => {
    const body = {
      errors: { 'location.address': ["can't be blank"], depo_ids: ['is invalid', 'not found'] },
      full_errors: ["Address can't be blank"],
    };
    expect(toFormErrors(body)).toEqual(body);
  });

  it('treats missing maps as empty and ignores junk', () => {
    expect(toFormErrors({ errors: { sku: ['has already been taken'] } })).toEqual({
      errors: { sku: ['has already been taken'] },
      full_errors: [],
    });
    expect(toFormErrors({ full_errors: ['Boom'] })).toEqual({ errors: {}, full_errors: ['Boom'] });
    expect(toFormErrors({ errors: { sku: 'is invalid', bad: 42, empty: [] }, full_errors: 'Sku is invalid' })).toEqual({
      errors: { sku: ['is invalid'] },
      full_errors: ['Sku is invalid'],
    });
    expect(toFormErrors(null)).toEqual(emptyFormErrors());
    expect(toFormErrors('nope')).toEqual(emptyFormErrors());
  });

  it('reads the body a RequestError carries', () => {
    const failure = new RequestError({
      message: 'Unprocessable Entity',
      status: 422,
      path: '/functions/v1/users',
      body: { errors: { email: ['has already been taken'] }, full_errors: ['Email has already been taken'] },
    });
    expect(toFormErrors(failure)).toEqual({
      errors: { email: ['has already been taken'] },
      full_errors: ['Email has already been taken'],
    });
  });

  it('makes a base error of a plain Error, and a readable one of a network failure', () => {
    expect(toFormErrors(new Error('Boom'))).toEqual({ errors: { base: ['Boom'] }, full_errors: ['Boom'] });
    expect(toFormErrors(new TypeError('Failed to fetch')).full_errors).toEqual([
      'The server could not be reached. Check the connection and try again.',
    ]);
  });
});

describe('reading form errors', () => {
  const formErrors = {
    errors: { depo_id: ['is invalid', 'not found'], sku: ['has already been taken'] },
    full_errors: ['Depo is invalid', 'Sku has already been taken'],
  };

  it('tries field names with and without _id', () => {
    expect(fieldErrors(formErrors, 'depo')).toEqual(['is invalid', 'not found']);
    expect(fieldErrors(formErrors, 'depo_id')).toEqual(['is invalid', 'not found']);
    expect(fieldErrors({ errors: { car: ['is invalid'] }, full_errors: [] }, 'car_id')).toEqual(['is invalid']);
    expect(fieldErrors(formErrors, 'title')).toEqual([]);
  });

  it('shows the first message, or all joined by commas', () => {
    expect(firstFieldError(formErrors, 'depo')).toBe('is invalid');
    expect(joinedFieldErrors(formErrors, 'depo')).toBe('is invalid, not found');
    expect(joinedFieldErrors(formErrors, 'title')).toBeUndefined();
  });

  it('joins full errors with a comma and a space', () => {
    expect(fullErrorsText(formErrors)).toBe('Depo is invalid, Sku has already been taken');
    expect(fullErrorsText(emptyFormErrors())).toBe('');
  });

  it('humanizes attribute names as Rails does', () => {
    expect(humanizeAttribute('depo_id')).toBe('Depo');
    expect(humanizeAttribute('sales_price')).toBe('Sales price');
    expect(humanizeAttribute('location.address')).toBe('Location address');
    expect(humanizeAttribute('password_confirmation')).toBe('Password confirmation');
  });
});
