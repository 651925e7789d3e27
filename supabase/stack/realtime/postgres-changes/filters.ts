import type { ColumnFilter } from './subscription-params.ts';

/**
 * Evaluates postgres_changes filters against a changed row, as Realtime's
 * is_visible_through_filters does: every filter must name a column present in the row, and all
 * must hold. Comparisons follow the column's type; SQL NULL never matches (except `is`/`isdistinct`).
 */
export function passesFilters(
  filters: ColumnFilter[],
  row: Record<string, unknown> | null,
  types: Map<string, string>,
): boolean {
  if (filters.length === 0) return true;
  if (!row) return false;
  return filters.every((filter) => {
    if (!(filter.column in row)) return false;
    const result = evaluate(filter, row[filter.column], types.get(filter.column) ?? 'text');
    if (result === null) return false;
    return filter.negate && filter.operator !== 'is' && filter.operator !== 'isdistinct' ? !result : result;
  });
}

type Comparable = number | string | boolean;

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TIMESTAMPS = new Set(['timestamptz', 'timestamp']);

function parseBoolean(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(lower)) return true;
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(lower)) return false;
  return undefined;
}

function parseTimestamp(text: string): number {
  let normalised = text.trim().replace(' ', 'T');
  // Values without a zone are UTC here, as in the stack's Postgres sessions.
  if (!/(Z|[+-]\d\d(:?\d\d)?)$/i.test(normalised) && normalised.includes('T')) normalised += 'Z';
  return Date.parse(normalised);
}

/** Brings a row value or a filter literal to a form that compares like the column type does. */
function comparable(value: unknown, type: string): Comparable | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(type)) {
    const number = typeof value === 'number' ? value : Number(String(value));
    return Number.isNaN(number) ? String(value) : number;
  }
  if (type === 'bool') {
    if (typeof value === 'boolean') return value;
    return parseBoolean(String(value)) ?? String(value);
  }
  if (TIMESTAMPS.has(type)) {
    const time = parseTimestamp(String(value));
    return Number.isNaN(time) ? String(value) : time;
  }
  if (type === 'json' || type === 'jsonb') {
    if (typeof value !== 'string') return JSON.stringify(value);
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (type === 'uuid') return String(value).toLowerCase();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `%`/`_` wildcards, backslash escapes. */
function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '\\' && index + 1 < pattern.length) {
      source += pattern[index + 1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      index += 1;
    } else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'i' : '');
}

/** Elements of a Postgres array literal `{a,"b c",NULL}`. */
export function arrayLiteralElements(literal: string): Array<string | null> {
  const inner = literal.trim().replace(/^\{/, '').replace(/\}$/, '');
  if (inner.trim() === '') return [];
  const elements: Array<string | null> = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index]!;
    if (quoted) {
      if (char === '\\' && index + 1 < inner.length) {
        current += inner[index + 1]!;
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      elements.push(
        !wasQuoted && current.trim().toUpperCase() === 'NULL' ? null : wasQuoted ? current : current.trim(),
      );
      current = '';
      wasQuoted = false;
    } else current += char;
  }
  elements.push(!wasQuoted && current.trim().toUpperCase() === 'NULL' ? null : wasQuoted ? current : current.trim());
  return elements;
}

function evaluate(filter: ColumnFilter, raw: unknown, type: string): boolean | null {
  const { operator, value } = filter;
  if (operator === 'is') {
    const keyword = value.toLowerCase();
    const outcome =
      keyword === 'null' || keyword === 'unknown' ? raw === null : keyword === 'true' ? raw === true : raw === false;
    return filter.negate ? !outcome : outcome;
  }
  const left = comparable(raw, type);
  if (operator === 'isdistinct') {
    const right = comparable(value, type);
    const distinct = left === null || right === null ? left !== right : compare(left, right) !== 0;
    return filter.negate ? !distinct : distinct;
  }
  if (left === null) return null;
  switch (operator) {
    case 'eq':
    case 'neq':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const right = comparable(value, type);
      if (right === null) return null;
      const order = compare(left, right);
      if (operator === 'eq') return order === 0;
      if (operator === 'neq') return order !== 0;
      if (operator === 'lt') return order < 0;
      if (operator === 'lte') return order <= 0;
      if (operator === 'gt') return order > 0;
      return order >= 0;
    }
    case 'in': {
      const candidates = arrayLiteralElements(value);
      if (candidates.some((candidate) => candidate !== null && compare(left, comparable(candidate, type)!) === 0))
        return true;
      return candidates.includes(null) ? null : false;
    }
    case 'like':
    case 'ilike':
      return likeToRegExp(value, operator === 'ilike').test(String(raw));
    case 'match':
    case 'imatch':
      try {
        return new RegExp(value, operator === 'imatch' ? 'i' : '').test(String(raw));
      } catch {
        return false;
      }
  }
}
