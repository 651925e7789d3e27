import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type PublicSite = Database['public']['Functions']['public_site']['Returns'][number];
export type PublicSiteLanguage = Database['public']['Functions']['public_site_languages']['Returns'][number];

/** The public site a URL segment opens (/dk, /no, a tenant slug), as anon may read it; null: none. */
export const publicSiteQueryOptions = (segment: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(segment).resource('public-site').all,
    queryFn: async (): Promise<PublicSite | null> =>
      (await runQuery(supabase.rpc('public_site', { segment })))[0] ?? null,
    staleTime: 10 * 60_000,
  });

/** The branded sites a visitor may switch between (Dansk/Norsk). */
export const publicSiteLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'site-languages'] as const,
    queryFn: () => runQuery(supabase.rpc('public_site_languages')),
    staleTime: 10 * 60_000,
  });
