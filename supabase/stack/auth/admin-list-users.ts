import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import type { JsonObject } from './json-body.ts';
import { loadIdentities, USER_COLUMNS, type UserRow, userJson } from './users.ts';

export interface UserPage {
  body: JsonObject;
  headers: Record<string, string>;
}

/**
 * `GET /admin/users?page=&per_page=&filter=`: newest first, `{users, aud}`, with X-Total-Count and a Link
 * header built from the request's own path and query, as GoTrue does (auth-js reads its page numbers).
 */
export async function adminListUsers(ctx: AuthContext, pathAndQuery: string): Promise<UserPage> {
  const url = new URL(pathAndQuery, 'http://auth.local');
  const query = url.searchParams;
  const page = parseCount(query.get('page'), 1);
  const perPage = parseCount(query.get('per_page'), 50);
  const filter = query.get('filter') ?? '';
  const sort = (query.get('sort') ?? '').trim().toLowerCase();
  const direction = sort === 'created_at asc' || sort === 'created_at' ? 'asc' : 'desc';

  const where = `aud = $1 and ($2 = '' or email like '%' || $2 || '%' or raw_user_meta_data ->> 'full_name' ilike '%' || $2 || '%')`;
  const total = Number(
    (
      await ctx.db.query<{ count: string }>(`select count(*) as count from auth.users where ${where}`, [
        ctx.aud,
        filter,
      ])
    ).rows[0].count,
  );
  const rows = (
    await ctx.db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where ${where} order by created_at ${direction}, id ${direction}
       limit $3 offset $4`,
      [ctx.aud, filter, perPage, (page - 1) * perPage],
    )
  ).rows;
  const users = await Promise.all(rows.map(async (row) => userJson(row, await loadIdentities(ctx.db, row.id))));

  const totalPages = Math.ceil(total / perPage);
  const linkTo = (target: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(target));
    const sorted = new URLSearchParams([...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return `${url.pathname}?${sorted.toString()}`;
  };
  let link = '';
  if (totalPages > page) link += `<${linkTo(page + 1)}>; rel="next", `;
  link += `<${linkTo(totalPages)}>; rel="last"`;
  return { body: { users, aud: ctx.aud }, headers: { link, 'x-total-count': String(total) } };
}

function parseCount(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  const parsed = Number(value);
  return parsed >= 1 ? parsed : fallback;
}
