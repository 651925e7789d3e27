import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsCampaignRow } from '../sms-campaign-form-values';

export function getSmsCampaign(id: number): Promise<SmsCampaignRow> {
  return runQuery(supabase.from('sms_campaigns').select('*').eq('id', id).single());
}

export const smsCampaignQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms_campaigns').detail(id),
    queryFn: () => getSmsCampaign(id),
  });

export const useSmsCampaign = (slug: string, id: number) => useQuery(smsCampaignQueryOptions(slug, id));
