// GatewayAPI delivery reports: `POST ?tenant=<slug>` from GatewayAPI (set as the tenant's webhook URL). Trusted only
// when the `X-Gwapi-Signature` JWT verifies with the tenant's GATEWAYAPI_WEBHOOK_SECRET; the report is read from
// the verified token, never from the body. Statuses only move forward, so a repeated report changes nothing.
import { json } from '../_shared/cors.ts';
import { providerSetting } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { outboxStatusOf, verifyGatewayApiSignature } from '../_shared/providers/gatewayapi.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

Deno.serve(async (req) => {
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const slug = new URL(req.url).searchParams.get('tenant') ?? '';
  const secret = providerSetting('GATEWAYAPI_WEBHOOK_SECRET', slug);
  await req.body?.cancel();
  if (!secret) return failure(404, 'This tenant takes no delivery reports');
  const report = await verifyGatewayApiSignature(req.headers.get('X-Gwapi-Signature'), secret);
  if (!report) return failure(401, 'The delivery report signature is not valid');

  const status = outboxStatusOf(report.status);
  const outboxId = Number(report.userref);
  // Reports that tell nothing new, or are not about our messages, are taken so GatewayAPI does not resend them.
  if (!status || !Number.isSafeInteger(outboxId)) return json({ recorded: false });
  const { data, error } = await serviceClient().rpc('sms_record_delivery_report', {
    tenant_slug: slug,
    provider_name: 'gatewayapi',
    outbox_id: outboxId,
    message_id: String(report.id),
    report_status: status,
    provider_report_status: report.status,
    report_error: report.error ?? null,
  });
  if (error) return failure(500, 'The delivery report could not be recorded');
  return json({ recorded: data === true });
});
