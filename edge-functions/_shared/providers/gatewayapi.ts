// GatewayAPI (gatewayapi.com), the real SMS provider. Sending: `POST {GATEWAYAPI_URL}/rest/mtsms` with
// `Authorization: Token <GATEWAYAPI_TOKEN>` and `{ sender, message, recipients: [{ msisdn }], userref }`, where
// userref is the outbox id, echoed in delivery reports; it answers `{ ids: [<message id>] }`.
// Delivery reports: a webhook whose `X-Gwapi-Signature` header is an HS256 JWT signed with the webhook's secret
// and carrying the report itself (`id`, `msisdn`, `status`, `userref`, `error`, `code`, `time`).
// Free of Deno and npm: imports, so the adapter can be exercised from Node against a fake provider too.
import type { RemoteSmsProvider } from '../sms/dispatcher.ts';
import type { OutboxMessage, SendResult } from '../sms/outbox-store.ts';

export interface GatewayApiConfig {
  baseUrl: string;
  token: string;
  sender: string;
  /** Where GatewayAPI posts delivery reports for these messages. */
  callbackUrl?: string;
  timeoutMs?: number;
  /** How many requests at once. */
  parallel?: number;
  fetch?: typeof fetch;
}

export function gatewayApiProvider(config: GatewayApiConfig): RemoteSmsProvider {
  const doFetch = config.fetch ?? fetch;
  const url = new URL('rest/mtsms', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);

  const sendOne = async (message: OutboxMessage): Promise<SendResult> => {
    const base = { id: message.id, provider: 'gatewayapi' };
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Token ${config.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({
          sender: config.sender,
          message: message.text,
          recipients: [{ msisdn: Number(message.phone.replace(/^\+/, '')) }],
          userref: String(message.id),
          ...(config.callbackUrl ? { callback_url: config.callbackUrl } : {}),
        }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      // It may have arrived: never resent blindly; a delivery report can still settle it.
      return {
        ...base,
        outcome: 'unknown',
        error: `GatewayAPI did not answer (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    const body = await response.text();
    if (response.ok) {
      let ids: unknown;
      try {
        ids = (JSON.parse(body) as { ids?: unknown }).ids;
      } catch {
        ids = undefined;
      }
      const messageId = Array.isArray(ids) && ids.length > 0 ? String(ids[0]) : null;
      return { ...base, outcome: 'sent', provider_message_id: messageId };
    }
    // 4xx: refused for good (bad number, bad key); 5xx: may or may not have been taken.
    return {
      ...base,
      outcome: response.status < 500 ? 'failed' : 'unknown',
      error: `GatewayAPI answered ${response.status}: ${body.slice(0, 300)}`,
    };
  };

  return {
    name: 'gatewayapi',
    async send(messages) {
      const results: SendResult[] = [];
      const queue = [...messages];
      const workers = Array.from({ length: Math.min(config.parallel ?? 8, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) results.push(await sendOne(next));
      });
      await Promise.all(workers);
      return results;
    },
  };
}

export interface GatewayApiReport {
  id: number | string;
  msisdn?: number | string;
  status: string;
  userref?: string | null;
  error?: string | null;
  code?: string | null;
  time?: number;
}

const textEncoder = new TextEncoder();

function base64UrlDecode(part: string): Uint8Array<ArrayBuffer> {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The report inside a valid `X-Gwapi-Signature` JWT (HS256 with the webhook secret), or null. */
export async function verifyGatewayApiSignature(jwt: string | null, secret: string): Promise<GatewayApiReport | null> {
  if (!jwt || !secret) return null;
  const parts = jwt.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[0]))) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const key = await crypto.subtle.importKey(
      'raw',
      textEncoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    // crypto.subtle.verify compares in constant time.
    const valid = await crypto.subtle.verify(
      'HMAC',
      key,
      base64UrlDecode(parts[2]),
      textEncoder.encode(`${parts[0]}.${parts[1]}`),
    );
    if (!valid) return null;
    const payload = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1]))) as Partial<GatewayApiReport>;
    if (payload.id === undefined || typeof payload.status !== 'string') return null;
    return payload as GatewayApiReport;
  } catch {
    return null;
  }
}

export type OutboxReportStatus = 'sent' | 'delivered' | 'undelivered';

/** Our status for a GatewayAPI delivery status; null for one that tells nothing new (UNKNOWN). */
export function outboxStatusOf(gatewayStatus: string): OutboxReportStatus | null {
  switch (gatewayStatus.toUpperCase()) {
    case 'DELIVERED':
      return 'delivered';
    case 'UNDELIVERABLE':
    case 'EXPIRED':
    case 'REJECTED':
    case 'DELETED':
    case 'SKIPPED':
      return 'undelivered';
    case 'ACCEPTED':
    case 'ENROUTE':
    case 'BUFFERED':
    case 'SCHEDULED':
      return 'sent';
    default:
      return null;
  }
}
