/** PostgREST answers at most `max_rows` rows (supabase/config.toml: 1000) a request, function results too. */
export const MAX_ROWS = 1000;

/**
 * Every row of a list that may be longer than one answer (a tenant's 2,000 products): asks page after page with
 * `range` until a page comes back short. The query must have a stable order.
 */
export async function allPages<Row>(page: (from: number, to: number) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += MAX_ROWS) {
    const next = await page(from, from + MAX_ROWS - 1);
    rows.push(...next);
    if (next.length < MAX_ROWS) return rows;
  }
}
