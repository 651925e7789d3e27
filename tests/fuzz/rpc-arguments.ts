import fc from 'fast-check';
import { RawJson, deeplyNested, hostileText, hostileValue, LIMIT_NUMBERS } from './hostile-values.ts';
import type { IdTable, RpcModel } from './rpc-models.ts';
import type { RpcArgument, RpcSignature } from './surface.ts';

/** Real ids per table: other tenants' always, the caller's own only where the call cannot write. */
export interface IdPools {
  foreign: Record<IdTable, unknown[]>;
  own: Record<IdTable, unknown[]>;
}

/** An argument left out of the body (PostgREST then looks for another overload). */
export const MISSING = Symbol('missing');

const hugeIntArray = new RawJson(`[${Array.from({ length: 50_000 }, (_, i) => i).join(',')}]`);

function integerArbitrary(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -5, max: 1_000_000 }) },
    { weight: 2, arbitrary: fc.constantFrom(...LIMIT_NUMBERS) },
  );
}

const DATE_EDGES = [
  'infinity',
  '-infinity',
  'epoch',
  '0001-01-01 BC',
  '4713-01-01 BC',
  '294277-01-01',
  '5874897-12-31',
  '2026-02-30',
  '2026-13-01',
  '26-1-1',
  'today',
  'tomorrow',
  '1970-01-01',
  '2100-12-31',
];
const TIME_EDGES = [
  'infinity',
  '-infinity',
  '294276-12-31T23:59:59Z',
  '4714-11-24T00:00:00Z BC',
  '2026-11-29T25:00:00Z',
  '2026-03-29T02:30:00+01:00',
  'now',
  'allballs',
  '2026-11-29T12:00:00+99:00',
];

const plainDate = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

/** Values of one SQL type: well-formed ones (to get past the parser) and that type's own edge cases. */
export function typedArbitrary(type: string, enums: Map<string, string[]>): fc.Arbitrary<unknown> {
  if (type.endsWith('[]')) {
    const element = typedArbitrary(type.slice(0, -2), enums);
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(element, { maxLength: 8 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(hugeIntArray, deeplyNested(2_000, 'array'), new RawJson('[1,[2,[3]]]'), '{1,2}'),
      },
    );
  }
  switch (type) {
    case 'bigint':
    case 'integer':
    case 'smallint':
      return integerArbitrary();
    case 'double precision':
    case 'real':
    case 'numeric':
      return fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }), fc.constantFrom(...LIMIT_NUMBERS));
    case 'text':
    case 'character varying':
      return fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 2, arbitrary: hostileText });
    case 'uuid':
      return fc.oneof(
        fc.uuid(),
        fc.constantFrom(
          '00000000-0000-0000-0000-000000000000',
          'not-a-uuid',
          '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
          'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A1',
        ),
      );
    case 'date':
      return fc.oneof(
        plainDate.map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom(...DATE_EDGES),
      );
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return fc.oneof(
        plainDate.map((date) => date.toISOString()),
        fc.constantFrom(...TIME_EDGES),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('yes', 'f', 2, 'maybe'));
    case 'jsonb':
    case 'json':
      return fc.oneof(
        { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            deeplyNested(5_000, 'object'),
            deeplyNested(5_000, 'array'),
            hugeIntArray,
            new RawJson('{"a":1,"a":2}'),
            new RawJson('"\\u0000"'),
            new RawJson('"\\ud800"'),
          ),
        },
      );
    default: {
      const labels = enums.get(type);
      if (labels) return fc.oneof(fc.constantFrom(...labels), fc.constantFrom('', 'ACTIVE', `${labels[0]} `, 'nope'));
      // A row type (a computed column such as driven_trail(plan_events)): any JSON object.
      return fc.oneof(fc.object({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 2 }));
    }
  }
}

/** Whether `typedArbitrary` knows a type (a new type with no case would otherwise be fuzzed as a row type). */
export function isModelledType(type: string, enums: Map<string, string[]>, rowTypes: Set<string>): boolean {
  const base = type.replace(/(\[\])+$/, '');
  return (
    [
      'bigint',
      'integer',
      'smallint',
      'double precision',
      'real',
      'numeric',
      'text',
      'character varying',
      'uuid',
      'date',
      'timestamp with time zone',
      'timestamp without time zone',
      'boolean',
      'jsonb',
      'json',
    ].includes(base) ||
    enums.has(base) ||
    rowTypes.has(base)
  );
}

function argumentArbitrary(
  argument: RpcArgument,
  model: RpcModel,
  pools: IdPools,
  readOnly: boolean,
  enums: Map<string, string[]>,
): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(argument.type, enums);
  const table = model.ids?.[argument.name];
  const choices: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 5, arbitrary: typed },
    { weight: 2, arbitrary: hostileValue },
  ];
  if (table) {
    const ids = [...pools.foreign[table], ...(readOnly ? pools.own[table] : [])];
    if (ids.length > 0) {
      const id = fc.constantFrom(...ids);
      choices.push({
        weight: 5,
        arbitrary: argument.type.endsWith('[]') ? fc.array(id, { minLength: 1, maxLength: 5 }) : id,
      });
    }
  }
  return fc.oneof(...choices);
}

/** A named-argument body for the RPC; now and then an argument is left out or an unknown one added. */
export function rpcArgumentsArbitrary(
  rpc: RpcSignature,
  model: RpcModel,
  pools: IdPools,
  enums: Map<string, string[]>,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = rpc.args.map((argument) =>
    fc
      .option(argumentArbitrary(argument, model, pools, rpc.readOnly, enums), { freq: 12, nil: MISSING })
      .map((value) => [argument.name, value] as const),
  );
  return fc
    .tuple(
      fc.tuple(...entries),
      fc.option(fc.tuple(fc.constantFrom('extra', 'tenant_id', '__proto__', ''), hostileValue), { freq: 10 }),
    )
    .map(([pairs, extra]) => {
      const body: Record<string, unknown> = {};
      for (const [name, value] of pairs) if (value !== MISSING) body[name] = value;
      if (extra)
        Object.defineProperty(body, extra[0], {
          value: extra[1],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return body;
    });
}
