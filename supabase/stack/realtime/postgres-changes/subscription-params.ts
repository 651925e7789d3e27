import type { JsonObject } from '../serializer.ts';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ColumnFilter {
  column: string;
  operator: FilterOperator;
  /** The value as written, unquoted; for `in` the Postgres array literal `{a,b}`. */
  value: string;
  negate: boolean;
}

/** One postgres_changes binding, as hosted Realtime reads it (`*` = any schema/table). */
export interface SubscriptionParams {
  event: ChangeEvent;
  schema: string;
  table: string;
  filters: ColumnFilter[];
  select: string[] | null;
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string };

function eventOf(value: unknown): ChangeEvent {
  if (typeof value !== 'string') return '*';
  const upper = value.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** Splits `a=eq.1,b=in.(1,2)` on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '\\' && index + 1 < text.length) {
        current += char + text[index + 1]!;
        index += 1;
        previous = '';
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
    } else if (char === '"' && (previous === '.' || previous === '(' || previous === ',')) {
      quoted = true;
      current += char;
    } else if (char === '(') {
      depth += 1;
      current += char;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      current += char;
    } else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
    previous = char;
  }
  parts.push(current);
  return parts;
}

/** `"a \"b\""` → `a "b"`; anything not a complete quoted string stays as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let result = '';
  for (let index = 1; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === '\\' && index + 1 < value.length) {
      result += value[index + 1]!;
      index += 1;
    } else if (char === '"') {
      return index === value.length - 1 ? result : value;
    } else {
      result += char;
    }
  }
  return value;
}

function parseSegment(segment: string): ColumnFilter | string {
  const trimmed = segment.trim();
  if (trimmed === '') return 'filter must not contain empty segments (check for extra commas)';
  const equals = trimmed.indexOf('=');
  if (equals < 0) return JSON.stringify([trimmed]);
  const column = trimmed.slice(0, equals);
  let rest = trimmed.slice(equals + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice('not.'.length);
  const dot = rest.indexOf('.');
  if (dot < 0) return JSON.stringify([column, rest]);
  const operator = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) return JSON.stringify([operator, value]);
  if (operator === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return '`in` filter value must be wrapped by parentheses';
    }
    return { column, operator, value: `{${value.slice(1, -1)}}`, negate };
  }
  return { column, operator: operator as FilterOperator, value: unquote(value), negate };
}

function parseFilters(text: string): ColumnFilter[] | string {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const filters: ColumnFilter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment);
    if (typeof parsed === 'string') return parsed;
    filters.push(parsed);
  }
  return filters;
}

/** Reads a binding the way Realtime's parse_subscription_params does, with its error messages. */
export function parseSubscriptionParams(binding: JsonObject): ParseResult {
  const event = eventOf(binding.event);
  let select: string[] | null = null;
  if (Array.isArray(binding.select)) {
    const columns = binding.select.filter((column): column is string => typeof column === 'string');
    select = columns.length > 0 ? columns : null;
  } else if (typeof binding.select === 'string') {
    return {
      ok: false,
      error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  const { schema, table, filter } = binding;
  const has = (key: string) => key in binding;
  let params: SubscriptionParams | undefined;
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const filters = parseFilters(filter);
    if (typeof filters === 'string') return { ok: false, error: `Error parsing \`filter\` params: ${filters}` };
    params = { event, schema, table, filters, select };
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    params = { event, schema, table, filters: [], select };
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    params = { event, schema, table: '*', filters: [], select };
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    params = { event, schema: 'public', table, filters: [], select };
  }
  if (!params) {
    return {
      ok: false,
      error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(binding)}`,
    };
  }
  if (select && (params.schema === '*' || params.table === '*')) {
    return {
      ok: false,
      error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    };
  }
  return { ok: true, params };
}

/** How Realtime prints a binding in its subscription errors. */
export function describeParams(params: SubscriptionParams): string {
  const filters = params.filters
    .map((f) => `{"${f.column}", "${f.operator}", "${f.value}", ${String(f.negate)}}`)
    .join(', ');
  const select = params.select ? JSON.stringify(params.select) : 'nil';
  return `event: ${params.event}, schema: ${params.schema}, table: ${params.table}, filters: [${filters}], select: ${select}`;
}
