import { InvalidPathParamError, positiveInt } from '@/shared/routing/url-values';

/**
 * Route `params` for the numeric id segments of an order/transfer page (`$warehouseId`, `$stockOrderId`...): a
 * malformed id is no page.
 */
export function idParams<const Names extends readonly string[]>(...names: Names) {
  type Ids = Record<Names[number], number>;
  return {
    parse: (raw: Record<Names[number], string>): Ids => {
      const parsed: Partial<Ids> = {};
      for (const name of names as readonly Names[number][]) {
        const id = positiveInt(raw[name]);
        if (id === undefined) throw new InvalidPathParamError(name);
        parsed[name] = id;
      }
      return parsed as Ids;
    },
    stringify: (params: Ids) =>
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) as Record<Names[number], string>,
  };
}

/** A product and amount a link asks the form to start with (the EOD stock dialog's missing amounts). */
export interface PresetLine {
  sku: string;
  amount: number;
}

/**
 * `?lines=[{"sku":"IS-101","amount":5}]` (the router reads the JSON): at most 200 lines, each a sku of up to 40
 * characters and an amount above 0 with at most 2 decimals. Anything else is no preset (the form starts empty).
 */
export function presetLines(value: unknown): PresetLine[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 200) return undefined;
  const lines: PresetLine[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { sku, amount } = entry as { sku?: unknown; amount?: unknown };
    if (typeof sku !== 'string' || sku.trim() === '' || sku.length > 40) return undefined;
    if (typeof amount !== 'number' || !(amount > 0) || amount > 1_000_000 || Math.round(amount * 100) !== amount * 100)
      return undefined;
    lines.push({ sku, amount });
  }
  return lines;
}

/**
 * `?return_to=`: where the form goes once the transfer is made, only an EOD list of the same tenant (the stock
 * dialog sends its person back to the report); any other value is ignored, so the link opens nothing else.
 */
export function eodReturnPath(value: unknown, tenant: string): string | undefined {
  if (typeof value !== 'string' || value.length > 1000) return undefined;
  const list = new RegExp(`^/${tenant.replace(/[^a-z0-9-]/gi, '')}/depo/\\d+/end_of_day_reports/?(\\?[^#\\s]*)?$`);
  return list.test(value) ? value : undefined;
}
