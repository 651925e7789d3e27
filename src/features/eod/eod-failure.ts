import { RequestError } from '@/shared/supabase/request-error';

/** What the EOD screens show for a refused save or approval (delivery-operations §8): one of the spec's dialogs. */
export type EodFailure =
  | { kind: 'card'; card: number; dankort: number; other: number; missing: number }
  | { kind: 'miscellaneous'; fields: Record<string, number>; total: number; missing: number }
  | { kind: 'stock'; warehouseId: number; warehouseCode: string; items: Array<{ sku: string; missing: number }> }
  | { kind: 'already-approved'; text: string };

const CARD = 'Card amount must be equals to Dankort card amount + other card amount';
const MISC = 'Miscellaneous fields must match the total';
const STOCK = /^There is not enough stock in warehouse /;
const ALREADY = 'EOD for this trip has already been approved. Please change EOD open date or create EOD manually';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

function detailsOf(error: RequestError): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(error.details);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The dialog for a failure, or null when it is none of them (then the shared error sentence is flashed). */
export function eodFailure(error: unknown): EodFailure | null {
  if (!(error instanceof RequestError)) return null;
  const details = detailsOf(error);
  if (error.message === CARD) {
    return {
      kind: 'card',
      card: num(details.card),
      dankort: num(details.local_card_amount),
      other: num(details.other_card_amount),
      missing: num(details.missing),
    };
  }
  if (error.message === MISC) {
    const fields = isRecord(details.fields)
      ? Object.fromEntries(Object.entries(details.fields).map(([k, v]) => [k, num(v)]))
      : {};
    return { kind: 'miscellaneous', fields, total: num(details.total), missing: num(details.missing) };
  }
  if (STOCK.test(error.message)) {
    const items = Array.isArray(details.items)
      ? details.items.filter(isRecord).map((item) => ({ sku: String(item.sku ?? ''), missing: num(item.missing) }))
      : [];
    return {
      kind: 'stock',
      warehouseId: num(details.warehouse_id),
      warehouseCode: String(details.warehouse_code ?? ''),
      items,
    };
  }
  if (error.message === ALREADY) return { kind: 'already-approved', text: ALREADY };
  return null;
}
