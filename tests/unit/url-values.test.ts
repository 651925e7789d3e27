import { describe, expect, it } from 'vitest';
import { customerListSearchSchema } from '@/features/customers/customer-list-search';
import { carListSearchSchema } from '@/features/cars/car-statuses';
import { routeFilterParam } from '@/features/routes/route-filters';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { recordIdParam } from '@/routes/$tenant/_staff/admin/-components/record-id-param';
import { InvalidPathParamError, isUuid, text } from '@/shared/routing/url-values';
import { acceptsGzip } from '../../supabase/stack/gateway/compressed-file.ts';

describe('URL values read by the routes', () => {
  it('take ids from a path segment and refuse what names no record', () => {
    const params = recordIdParam('customerId');
    expect(params.parse({ customerId: '42' })).toEqual({ customerId: 42 });
    for (const bad of ['abc', '0', '-3', '2.5', '']) {
      expect(() => params.parse({ customerId: bad })).toThrow(InvalidPathParamError);
    }
    expect(params.stringify({ customerId: 42 })).toEqual({ customerId: '42' });
  });

  it('take a tenant slug and a route filter, and refuse others', () => {
    expect(tenantParams.parse({ tenant: 'hjem-is' })).toEqual({ tenant: 'hjem-is' });
    expect(() => tenantParams.parse({ tenant: 'Hjem Is' })).toThrow(InvalidPathParamError);
    expect(routeFilterParam.parse({ filter: 'deleted' })).toEqual({ filter: 'deleted' });
    expect(() => routeFilterParam.parse({ filter: 'everything' })).toThrow(InvalidPathParamError);
  });

  it('drop malformed search values so the page opens with its defaults', () => {
    expect(customerListSearchSchema.parse({ page: 'x', per_page: 50, consent: 'sms', search_phrase: 7 })).toEqual({
      per_page: 50,
      consent: 'sms',
    });
    expect(carListSearchSchema.parse({ statuses: ['active', 'inactive'] })).toEqual({
      statuses: ['active', 'inactive'],
    });
    expect(carListSearchSchema.parse({ statuses: ['active', 'sold'] })).toEqual({});
    expect(carListSearchSchema.parse({ statuses: [] })).toEqual({});
  });

  it('read a phone the router turned into a number, and refuse text over its length', () => {
    expect(text(4512345678, { numbers: true, max: 30 })).toBe('4512345678');
    expect(text(4512345678)).toBeUndefined();
    expect(text('x'.repeat(31), { max: 30 })).toBeUndefined();
  });

  it('know a uuid as the database hands them out', () => {
    expect(isUuid('7e6e30ea-2ec9-4099-84e4-2e2437aad698')).toBe(true);
    expect(isUuid('7E6E30EA-2EC9-4099-84E4-2E2437AAD698')).toBe(true);
    expect(isUuid('7e6e30ea-2ec9-4099-84e4')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});

describe('the gateway compresses the app for browsers that accept gzip', () => {
  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
