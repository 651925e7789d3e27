// Wallmob (the till system) user lookup for the user form: an admin links a staff user to their till user.
// Real adapter: `GET {WALLMOB_API_URL}/users?search=<q>` with `Authorization: Token <WALLMOB_API_TOKEN>`, answering
// `{ "results": [{ "id", "first_name", "last_name" }] }`. This file stays free of Deno and npm: imports, so the
// adapter can be exercised from Node against a fake provider too.
import { getProviderJson, ProviderError } from './provider-error.ts';

export interface WallmobUser {
  id: string;
  full_name: string;
}

export interface WallmobUserDirectory {
  search(query: string): Promise<WallmobUser[]>;
}

export interface WallmobHttpConfig {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}

interface WallmobApiUser {
  id?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  full_name?: unknown;
}

export function wallmobHttpDirectory(config: WallmobHttpConfig): WallmobUserDirectory {
  return {
    async search(query) {
      const url = new URL('users', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
      url.searchParams.set('search', query);
      const body = await getProviderJson('Wallmob', url, {
        headers: { Authorization: `Token ${config.token}` },
        fetch: config.fetch,
      });
      const results = (body as { results?: unknown })?.results;
      if (!Array.isArray(results)) throw new ProviderError('Wallmob', 'answered without a results list');
      return results
        .map((user: WallmobApiUser) => ({
          id: String(user.id ?? ''),
          full_name:
            typeof user.full_name === 'string'
              ? user.full_name
              : [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part !== '').join(' '),
        }))
        .filter((user) => user.id !== '');
    },
  };
}

/** The local stand-in: a fixed list of till users (data, per tenant), searched by name or id. */
export function wallmobLocalDirectory(users: readonly WallmobUser[]): WallmobUserDirectory {
  return {
    search(query) {
      const needle = query.trim().toLocaleLowerCase();
      return Promise.resolve(
        users
          .filter(
            (user) =>
              user.full_name.toLocaleLowerCase().includes(needle) || user.id.toLocaleLowerCase().includes(needle),
          )
          .slice(0, 20),
      );
    },
  };
}
