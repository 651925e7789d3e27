import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { functionRequestError, RequestError, requestPath, runQuery } from '../../src/shared/supabase/request-error.ts';
import { formatFailedRequest, requestErrorText } from '../../src/shared/ui/flash/request-error-text.ts';

/** What a postgrest-js builder looks like to runQuery: thenable, with its URL on `url`. */
function fakeBuilder<T>(url: string, result: { data: T | null; error: unknown; status: number; statusText?: string }) {
  return {
    url: new URL(url),
    then: (resolve: (value: typeof result) => unknown) => Promise.resolve(result).then(resolve),
  };
}

describe('runQuery', () => {
  it('returns the data of a successful query', async () => {
    const builder = fakeBuilder('http://api.test/rest/v1/cars?select=id', {
      data: [{ id: 5 }],
      error: null,
      status: 200,
    });
    await expect(runQuery(builder as never)).resolves.toEqual([{ id: 5 }]);
  });

  it('throws a RequestError with the request address and the PostgREST error', async () => {
    const error = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "cars_pkey"',
      details: 'Key (id)=(5) already exists.',
      hint: null,
    };
    const builder = fakeBuilder('http://api.test/rest/v1/cars?id=eq.5', {
      data: null,
      error,
      status: 409,
      statusText: 'Conflict',
    });
    const failure = await runQuery(builder as never).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({
      status: 409,
      path: '/rest/v1/cars?id=eq.5',
      code: '23505',
      message: error.message,
      body: error,
    });
  });

  it('calls a missing single row "Not found"', async () => {
    const error = {
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 0 rows',
      hint: null,
    };
    const builder = fakeBuilder('http://api.test/rest/v1/cars?id=eq.5', { data: null, error, status: 406 });
    const failure = await runQuery(builder as never).catch((caught: unknown) => caught);
    // The address in brackets is the page's path, never the API request (issue 8).
    expect(requestErrorText(failure, {}, '/hjem-is/admin/depo/1/cars/5/edit')).toBe(
      'Not found (/hjem-is/admin/depo/1/cars/5/edit)',
    );
  });
});

describe('requestPath', () => {
  it('drops the origin and decodes the query for reading', () => {
    expect(requestPath('http://127.0.0.1:54321/rest/v1/cars?select=id%2Cplate_number&id=eq.5')).toBe(
      '/rest/v1/cars?select=id,plate_number&id=eq.5',
    );
    expect(requestPath(new URL('http://x.test/rest/v1/depos'))).toBe('/rest/v1/depos');
    expect(requestPath('/rest/v1/bad?q=%E0%A4%A')).toBe('/rest/v1/bad?q=%E0%A4%A');
  });
});

describe('functionRequestError', () => {
  it('reads the JSON body of a failed edge function', async () => {
    const response = new Response(
      JSON.stringify({ errors: { email: ['has already been taken'] }, full_errors: ['Email has already been taken'] }),
      {
        status: 422,
        statusText: 'Unprocessable Entity',
        headers: { 'content-type': 'application/json' },
      },
    );
    const failure = await functionRequestError('users', new FunctionsHttpError(response));
    expect(failure).toMatchObject({ status: 422, path: '/functions/v1/users', message: 'Unprocessable Entity' });
    expect(failure.body).toEqual({
      errors: { email: ['has already been taken'] },
      full_errors: ['Email has already been taken'],
    });
  });

  it("uses the body's error text when there is one", async () => {
    const response = new Response(
      JSON.stringify({ error: 'You are not allowed to stop sms sendout for this plan event' }),
      { status: 403 },
    );
    const failure = await functionRequestError('stop-sms', new FunctionsHttpError(response));
    expect(requestErrorText(failure, {}, '/hjem-is/plan')).toBe(
      'You are not allowed to stop sms sendout for this plan event (/hjem-is/plan)',
    );
  });

  it('keeps the message of a network failure', async () => {
    const failure = await functionRequestError('users', new TypeError('Failed to fetch'));
    expect(failure).toMatchObject({ status: 0, message: 'Failed to fetch', path: '/functions/v1/users' });
  });
});

describe('flash texts of failed requests', () => {
  it('put the address in brackets after the text', () => {
    expect(formatFailedRequest('Not found', '/hjem-is/admin/customers/5/edit')).toBe(
      'Not found (/hjem-is/admin/customers/5/edit)',
    );
    expect(formatFailedRequest('Not found', '')).toBe('Not found');
    expect(requestErrorText(new Error('Boom'))).toBe('Boom');
    expect(requestErrorText('Plain text')).toBe('Plain text');
  });
});
