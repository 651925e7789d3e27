import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Who did it, as the views show "ordered by" / "created by": the name, else the e-mail. */
async function getStaffName(userId: string): Promise<string> {
  const profile: {
    first_name: string;
    last_name: string;
    email: string;
  } | null = await runQuery(
    supabase.from('staff_profiles').select('first_name, last_name, email').eq('user_id', userId).maybeSingle(),
  );
  if (!profile) return '';
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return name || profile.email;
}

export const useStaffName = (slug: string, userId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys
        .tenant(slug)
        .resource('staff-name')
        .detail(userId ?? ''),
      queryFn: () => getStaffName(userId ?? ''),
      enabled: userId !== null,
      staleTime: 5 * 60_000,
    }),
  );
