import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { deposQueryOptions } from '@/features/tenants/api/get-depos';
import { allowedDepos, rememberedDepo, resolveCurrentDepo } from '@/features/tenants/current-depo';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';

/** Lists that moved below `/depo/{depoId}/`. */
type MovedList = '/$tenant/admin/depo/$depoId/b2b_customers' | '/$tenant/admin/depo/$depoId/customers';
/** Pages of one record that moved with their list. */
type MovedRecordPage =
  '/$tenant/admin/depo/$depoId/customers/new' | '/$tenant/admin/depo/$depoId/customers/$customerId/edit';

type OldSearch = Record<string, unknown>;

interface OldAddress {
  context: { queryClient: QueryClient; membership: MembershipClaim; session: { user: { id: string } } };
  params: { tenant: string };
  search: OldSearch;
}

/**
 * An old list address (`/admin/customers?depo=3&page=2`) redirects, before anything renders, to the
 * same list below the depo segment (`/admin/depo/3/customers?page=2`): the `?depo=` depo when the
 * member works there, else the current one. `translate` turns the old list's own parameters into
 * the new ones. Bookmarks and links made before the move keep working.
 */
export async function redirectToDepoSegment(
  { context, params, search }: OldAddress,
  to: MovedList,
  translate: (search: OldSearch, depoId: number) => { depoId: number; search: OldSearch } = (rest, depoId) => ({
    depoId,
    search: rest,
  }),
): Promise<never> {
  const { depo, ...old } = search;
  const next = translate(old, await currentDepoOrHome({ context, params }, depo));
  throw redirect({
    to,
    params: { tenant: params.tenant, depoId: next.depoId },
    search: next.search as never,
    replace: true,
  });
}

/**
 * An old record address (`/admin/customers/12/edit`) redirects to the same page below the current depo's
 * segment (`/admin/depo/3/customers/12/edit`), keeping its own parameters.
 */
export async function redirectRecordToDepoSegment(
  { context, params }: Omit<OldAddress, 'search'>,
  to: MovedRecordPage,
  recordParams: Readonly<Record<string, string>> = {},
): Promise<never> {
  const depoId = await currentDepoOrHome({ context, params });
  throw redirect({ to, params: { ...recordParams, tenant: params.tenant, depoId } as never, replace: true });
}

/** The depo the member works in now (a `?depo=` they may use first); home when the company has no depos. */
async function currentDepoOrHome(
  { context, params }: Omit<OldAddress, 'search'>,
  requested?: unknown,
): Promise<number> {
  const depos = await context.queryClient.ensureQueryData(
    deposQueryOptions(params.tenant, context.membership.tenant_id),
  );
  const fromUrl = Number(requested);
  const current = resolveCurrentDepo(
    allowedDepos(context.membership, depos),
    Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined,
    rememberedDepo(params.tenant, context.session.user.id),
  );
  // A company without depos has no depo lists: home explains what there is.
  if (current === null) throw redirect({ to: '/$tenant', params, replace: true });
  return current;
}
