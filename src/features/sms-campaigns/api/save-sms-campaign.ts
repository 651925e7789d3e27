import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { SmsCampaignInput, SmsCampaignRow } from '../sms-campaign-form-values';
import { smsCampaignListsKey } from './get-sms-campaigns';

export interface SaveSmsCampaignInput {
  /** None: create (POST); then the returned id edits it (PATCH). */
  id?: number;
  tenantId: string;
  campaign: SmsCampaignInput;
}

export function saveSmsCampaign({ id, tenantId, campaign }: SaveSmsCampaignInput): Promise<SmsCampaignRow> {
  const table = supabase.from('sms_campaigns');
  return runQuery(
    id === undefined
      ? table
          .insert({ ...campaign, tenant_id: tenantId })
          .select('*')
          .single()
      : table.update(campaign).eq('id', id).select('*').single(),
  );
}

export function useSaveSmsCampaign(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmsCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(queryKeys.tenant(slug).resource('sms_campaigns').detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: smsCampaignListsKey(slug) });
    },
  });
}
