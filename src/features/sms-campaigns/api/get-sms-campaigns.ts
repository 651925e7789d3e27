import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsCampaignRow } from '../sms-campaign-form-values';

export function getSmsCampaigns(tenantId: string): Promise<SmsCampaignRow[]> {
  return runQuery(supabase.from('sms_campaigns').select('*').eq('tenant_id', tenantId).order('id'));
}

export const smsCampaignListsKey = (slug: string) => queryKeys.tenant(slug).resource('sms_campaigns').lists();

export const smsCampaignsQueryOptions = (slug: string, tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms_campaigns').list(),
    queryFn: () => getSmsCampaigns(tenantId),
  });

export const useSmsCampaigns = (slug: string, tenantId: string) => useQuery(smsCampaignsQueryOptions(slug, tenantId));
