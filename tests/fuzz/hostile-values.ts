import fc from 'fast-check';

/**
 * A JSON fragment written as is into a request body: numbers JSON.stringify cannot produce (1e309, -0, integers past
 * 2^63) and text that is not valid JSON at all.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson fragments at any depth. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Nested `depth` levels deep: arrays or objects, as a parser's recursion limit would meet them. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

export const UNICODE_EDGES = [
  'nul\u0000byte',
  '\u0000',
  'lone \uD800 high',
  'lone \uDFFF low',
  '\u202Eevil\u202C right-to-left override',
  'שלום עליכם',
  'e\u0301\u0301\u0301 combining',
  'Z̸̡̛̗̈́a̶̢̘͌l̵̝̓g̷͎̈́o̸̱̓',
  '👩‍👩‍👧‍👦🇩🇰',
  '\uFEFFbom',
  'line\nbreak\r\ttab',
  'quote \' " \\ backslash',
  "'; drop table customers; --",
  '%00%27%22',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u2028\u2029',
  'ǅ ß İ ı',
];

/** Numbers at and past the limits, as JSON numbers and as the strings a form might send. */
export const LIMIT_NUMBERS: unknown[] = [
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('9223372036854775808'),
  new RawJson('-9223372036854775809'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1e-400'),
  new RawJson('0.1e1'),
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1.7976931348623157e308,
  5e-324,
  -1,
  0,
  1.5,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '9223372036854775808',
  '0x1F',
  ' 1 ',
  '',
];

/** Values of the wrong JSON type for any argument. */
export const WRONG_TYPES: unknown[] = [null, true, false, {}, [], [null], { a: 1 }, [[[]]], 'true', 'null', '{}', '[]'];

/** Text of a size that passes the gateway's 1 MB limit and reaches the database (indexes, CHECKs, regexes). */
export const BIG_TEXT_BYTES = 200_000;

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNICODE_EDGES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('x'.repeat(BIG_TEXT_BYTES), 'é'.repeat(BIG_TEXT_BYTES / 2), '9'.repeat(10_000), ' '.repeat(5_000)),
);

/** Any hostile value for an argument of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(...LIMIT_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(deeplyNested(3_000, 'array'), deeplyNested(3_000, 'object'), deeplyNested(100, 'array')),
  fc.jsonValue({ maxDepth: 4 }),
);
