// Wallmob till users for the user form's lookup: `GET ?tenant=<slug>&q=<text>` → `[{ id, full_name }]`.
// Options load only for non-empty text (admin-core §5), so an empty q answers `[]` without asking Wallmob.
import { json, preflight } from '../_shared/cors.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { providerSetting } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import {
  type WallmobUser,
  type WallmobUserDirectory,
  wallmobHttpDirectory,
  wallmobLocalDirectory,
} from '../_shared/providers/wallmob-users.ts';
import localUsers from '../_shared/fixtures/wallmob-users.json' with { type: 'json' };

/** The real Wallmob API when the tenant's account is configured, else the local stand-in. */
function directoryFor(tenantSlug: string): WallmobUserDirectory {
  const baseUrl = providerSetting('WALLMOB_API_URL', tenantSlug);
  const token = providerSetting('WALLMOB_API_TOKEN', tenantSlug);
  if (baseUrl && token) return wallmobHttpDirectory({ baseUrl, token });
  const fixtures = localUsers as unknown as Record<string, WallmobUser[] | undefined>;
  return wallmobLocalDirectory(fixtures[tenantSlug] ?? []);
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return failure(405, 'Method not allowed');

  const caller = await authorizeCaller(req, ['admin', 'depo_admin']);
  if (caller instanceof Response) return caller;
  if (!caller.tenant.has_wallmob) return failure(404, 'This tenant does not use Wallmob');

  const q = new URL(req.url).searchParams.get('q')?.trim() ?? '';
  if (q === '') return json([]);
  try {
    return json(await directoryFor(caller.tenant.slug).search(q));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(error.message);
    return failure(502, 'Wallmob did not answer, please try again.');
  }
});
