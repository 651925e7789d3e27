import { describe, expect, it } from 'vitest';
import { errorSentence } from '../../src/shared/errors/error-sentence.ts';
import { toFormErrors } from '../../src/shared/errors/form-errors.ts';
import { RequestError } from '../../src/shared/supabase/request-error.ts';

// Issue 8, "Errors people can read": no raw database or transport text reaches staff.
const rest = (init: { status: number; code: string; message: string; details?: string; hint?: string }) =>
  new RequestError({
    ...init,
    path: '/rest/v1/customers?select=id,phone&tenant_id=eq.0b6c',
    body: { code: init.code, message: init.message, details: init.details ?? null, hint: init.hint ?? null },
  });

describe('errorSentence', () => {
  it('puts a check violation of an empty New customer form under the phone field, without the constraint text', () => {
    const failure = rest({
      status: 400,
      code: '23514',
      message: 'new row for relation "customers" violates check constraint "customers_phone_check"',
    });
    expect(toFormErrors(failure).errors).toEqual({ phone: ['is invalid'] });
    const sentence = errorSentence(failure);
    expect(sentence).toBe('Phone is invalid');
    expect(sentence).not.toMatch(/constraint|rest\/v1|relation/);
  });

  it('says "Not found" for a missing record, without the query address or the tenant id', () => {
    const failure = rest({
      status: 406,
      code: 'PGRST116',
      message: 'Not found',
      details: 'The result contains 0 rows',
    });
    expect(errorSentence(failure)).toBe('Not found');
  });

  it('says who may not do what for a row-level security refusal', () => {
    const failure = rest({
      status: 403,
      code: '42501',
      message: 'new row violates row-level security policy for table "depos"',
    });
    expect(errorSentence(failure, { action: 'edit', resource: 'depos' })).toBe(
      "You don't have permission to edit depos",
    );
    expect(errorSentence(failure)).toBe("You don't have permission to do that.");
  });

  it('maps unique, not-null and foreign-key violations to the spec texts on their fields', () => {
    expect(
      errorSentence(
        rest({
          status: 409,
          code: '23505',
          message: 'duplicate key',
          details: 'Key (tenant_id, customer_number)=(x, 7) already exists.',
        }),
      ),
    ).toBe('Customer number has already been taken');
    expect(
      errorSentence(
        rest({
          status: 400,
          code: '23502',
          message: 'null value in column "title" of relation "depos" violates not-null constraint',
        }),
      ),
    ).toBe("Title can't be blank");
    expect(
      errorSentence(
        rest({
          status: 409,
          code: '23503',
          message: 'fk',
          details: 'Key (depo_id)=(99) is not present in table "depos".',
        }),
      ),
    ).toBe('Depo not found');
  });

  it('shows the field errors of an edge function instead of its HTTP status text', () => {
    const failure = new RequestError({
      message: 'Unprocessable Entity',
      status: 422,
      path: '/functions/v1/admin-users',
      body: { errors: { email: ['has already been taken'] }, full_errors: ['Email has already been taken'] },
    });
    expect(errorSentence(failure)).toBe('Email has already been taken');
  });

  it('never shows a bare status text such as "Internal Server Error"', () => {
    const failure = new RequestError({
      message: 'Internal Server Error',
      status: 500,
      path: '/functions/v1/admin-users',
      body: {},
    });
    expect(errorSentence(failure)).toBe('Something went wrong on the server. Please try again.');
  });

  it('explains a network failure in plain words', () => {
    expect(errorSentence(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check the connection and try again.',
    );
    expect(errorSentence(new RequestError({ message: 'Failed to fetch', status: 0, path: '/rest/v1/cars' }))).toBe(
      'The server could not be reached. Check the connection and try again.',
    );
  });

  it('hides SQL and unknown PostgREST texts', () => {
    const failure = rest({ status: 400, code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
    expect(errorSentence(failure)).toBe('The request is invalid.');
  });
});
