// The SMS dispatcher (issue 9): `POST` with the service-role key, from cron every minute and from estimate
// changes (pg_net, when the Vault secrets sms_dispatch_url / sms_dispatch_key point here). Sends each tenant's
// due SMS through GatewayAPI when the tenant's GATEWAYAPI_* settings are set, else through the local outbox.
import { json } from '../_shared/cors.ts';
import { providerSetting, requiredEnv } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { gatewayApiProvider } from '../_shared/providers/gatewayapi.ts';
import { dispatchOnce, LOCAL_OUTBOX_PROVIDER, type SmsProviderChoice } from '../_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../_shared/sms/outbox-store.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

Deno.serve(async (req) => {
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  if (req.headers.get('Authorization') !== `Bearer ${requiredEnv('SUPABASE_SERVICE_ROLE_KEY')}`) {
    return failure(403, 'Only the dispatcher schedule may run the dispatcher');
  }
  const service = serviceClient();
  const { data: tenants, error } = await service.from('tenants').select('id, slug');
  if (error) return failure(500, 'The tenants could not be read');
  const slugs = new Map((tenants ?? []).map((t: { id: string; slug: string }) => [t.id, t.slug]));
  const providers = new Map<string, SmsProviderChoice>();

  const providerFor = (tenantId: string): SmsProviderChoice => {
    const known = providers.get(tenantId);
    if (known) return known;
    const slug = slugs.get(tenantId) ?? '';
    const baseUrl = providerSetting('GATEWAYAPI_URL', slug);
    const token = providerSetting('GATEWAYAPI_TOKEN', slug);
    const callback = providerSetting('GATEWAYAPI_CALLBACK_URL', slug);
    const chosen: SmsProviderChoice =
      baseUrl && token
        ? gatewayApiProvider({
            baseUrl,
            token,
            sender: providerSetting('GATEWAYAPI_SENDER', slug) ?? 'Truckdesk',
            callbackUrl: callback,
          })
        : LOCAL_OUTBOX_PROVIDER;
    providers.set(tenantId, chosen);
    return chosen;
  };

  const report = await dispatchOnce({ store: rpcOutboxStore((fn, args) => service.rpc(fn, args)), providerFor });
  return json(report);
});
