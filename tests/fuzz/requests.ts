import fc from 'fast-check';
import { BIG_TEXT_BYTES, RawJson, deeplyNested, hostileText, hostileValue, toJsonText } from './hostile-values.ts';
import type { FieldKind, FunctionModel } from './function-models.ts';

/** One HTTP request as sent: the fuzzers build these, the runner sends them with the caller's key. */
export interface FuzzRequest {
  method: string;
  /** Path and query below the API URL, e.g. `/rest/v1/rpc/public_site`. */
  path: string;
  contentType?: string;
  body?: string;
}

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/vnd.pgrst.object+json',
  'x/y;;;',
];

/** Bodies that are not what any endpoint expects: broken JSON, wrong top-level types, nesting, over the size limit. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[',
    'null',
    '[]',
    '[{}]',
    '"text"',
    '1',
    'true',
    '',
    ' ',
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"\\u0000":1}',
    '\uFEFF{}',
    'x'.repeat(2_000_000),
  ),
  fc.constantFrom(
    deeplyNested(100_000, 'array').text,
    deeplyNested(20_000, 'object').text,
    deeplyNested(1_000, 'array').text,
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

/** An RPC call: usually its named arguments, sometimes a malformed body or an odd content type. */
export function rpcRequestArbitrary(
  name: string,
  args: fc.Arbitrary<Record<string, unknown>>,
  readOnly: boolean,
): fc.Arbitrary<FuzzRequest> {
  const path = `/rest/v1/rpc/${name}`;
  const variants: Array<fc.WeightedArbitrary<FuzzRequest>> = [
    {
      weight: 12,
      arbitrary: args.map((body) => ({
        method: 'POST',
        path,
        contentType: 'application/json',
        body: toJsonText(body),
      })),
    },
    {
      weight: 2,
      arbitrary: malformedBody.map((body) => ({ method: 'POST', path, contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(args, fc.constantFrom(...CONTENT_TYPES))
        .map(([body, contentType]) => ({ method: 'POST', path, contentType, body: toJsonText(body) })),
    },
    { weight: 1, arbitrary: fc.constant({ method: 'POST', path }) },
  ];
  // Stable functions are also served on GET with the arguments in the query string.
  if (readOnly) {
    variants.push({
      weight: 2,
      arbitrary: args.map((body) => ({ method: 'GET', path: `${path}?${queryString(body)}` })),
    });
  }
  return fc.oneof(...variants);
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value))
      for (const item of value) search.append(`${key}[]`, typeof item === 'string' ? item : toJsonText(item));
    else search.append(key, typeof value === 'string' ? value : toJsonText(value));
  }
  return search.toString();
}

function fieldArbitrary(kind: FieldKind, tenants: string[]): fc.Arbitrary<unknown> {
  const typed = ((): fc.Arbitrary<unknown> => {
    if (typeof kind === 'object' && 'oneOf' in kind) return fc.constantFrom(...kind.oneOf);
    if (typeof kind === 'object') {
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(objectArbitrary(kind.list, tenants), { maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constant(new RawJson(`[${Array.from({ length: 2_000 }, () => '{}').join(',')}]`)) },
      );
    }
    switch (kind) {
      case 'tenant':
        return fc.constantFrom(...tenants, '', 'no-such-tenant', ' hjem-is ', 'HJEM-IS');
      case 'int':
        return fc.oneof(
          fc.integer({ min: -3, max: 100_000 }),
          fc.constantFrom(new RawJson('1e309'), 2 ** 53, '12abc', '1.5'),
        );
      case 'number':
        return fc.oneof(
          fc.double({ min: -400, max: 400, noNaN: true }),
          fc.constantFrom(new RawJson('-0'), new RawJson('1e309'), 'NaN'),
        );
      case 'bool':
        return fc.boolean();
      case 'date':
        return fc.oneof(
          fc
            .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom('9999-99-99', '0000-01-01', '294277-01-01'),
        );
      case 'datetime':
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constantFrom('2026-02-30T00:00:00Z', '+275760-09-13T00:00:00Z'),
        );
      case 'uuid':
        return fc.oneof(fc.uuid(), fc.constant('not-a-uuid'));
      case 'ids':
        return fc.array(fc.integer({ min: -2, max: 100_000 }), { maxLength: 6 });
      default:
        return fc.oneof(fc.string({ maxLength: 30 }), fc.emailAddress());
    }
  })();
  return fc.oneof(
    { weight: 4, arbitrary: typed },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: hostileValue },
  );
}

function objectArbitrary(fields: Record<string, FieldKind>, tenants: string[]): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, fieldArbitrary(kind, tenants)]));
  return fc.record(model, { requiredKeys: [] });
}

function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return toJsonText(value);
}

/** A call of an edge function: its methods with fuzzed query and body, other methods, and broken bodies. */
export function functionRequestArbitrary(
  name: string,
  model: FunctionModel,
  tenants: string[],
): fc.Arbitrary<FuzzRequest> {
  const base = `/functions/v1/${name}`;
  const query = model.query
    ? objectArbitrary(model.query, tenants).map((values) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(values)) {
          if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, queryValue(item));
          else search.append(key, queryValue(value));
        }
        const text = search.toString();
        return text ? `?${text}` : '';
      })
    : fc.constant('');
  const body = model.body
    ? fc.oneof(
        { weight: 6, arbitrary: objectArbitrary(model.body, tenants).map(toJsonText) },
        { weight: 2, arbitrary: malformedBody },
      )
    : fc.oneof(fc.constant(''), malformedBody);
  const method = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...model.methods) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
  );
  const pathTail = fc.oneof(
    { weight: 10, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '/x', '/%00', '/..%2f..', `/${'a'.repeat(BIG_TEXT_BYTES / 40)}`) },
  );
  return fc
    .tuple(method, pathTail, query, body, fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 4 }))
    .map(([verb, tail, search, text, contentType]) => {
      const carriesBody = verb !== 'GET' && verb !== 'HEAD';
      return {
        method: verb,
        path: `${base}${tail}${search}`,
        contentType: carriesBody ? (contentType ?? 'application/json') : undefined,
        body: carriesBody ? text : undefined,
      };
    });
}

/** A call of a table or view anon can reach: reads with odd filters and writes of hostile rows. */
export function relationRequestArbitrary(relation: string): fc.Arbitrary<FuzzRequest> {
  const path = `/rest/v1/${relation}`;
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('id', 'tenant_id', 'name', 'x'),
        fc.constantFrom('eq', 'like', 'in', 'cs', 'fts', 'is'),
        hostileText,
      )
      .map(([column, operator, value]) => ({
        method: 'GET',
        path: `${path}?${column}=${operator}.${encodeURIComponent(value)}`,
      })),
    fc
      .tuple(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        fc.dictionary(fc.constantFrom('id', 'tenant_id', 'name'), hostileValue),
      )
      .map(([method, row]) => ({
        method,
        path: `${path}${method === 'POST' ? '' : '?id=gt.0'}`,
        contentType: 'application/json',
        body: toJsonText(row),
      })),
  );
}
