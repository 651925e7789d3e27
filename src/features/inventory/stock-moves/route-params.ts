import {
  InvalidPathParamError,
  positiveInt,
} from "@/shared/routing/url-values";

/**
 * Route `params` for the numeric id segments of an order/transfer page (`$warehouseId`, `$stockOrderId`...): a
 * malformed id is no page.
 */
export function idParams<const Names extends readonly string[]>(
  ...names: Names
) {
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
      Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, String(v)]),
      ) as Record<Names[number], string>,
  };
}
