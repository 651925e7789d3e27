// Wallmob's order webhook signature: `X-Wallmob-Timestamp: <unix seconds>` and
// `X-Wallmob-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with the tenant's shared secret
// (WALLMOB_WEBHOOK_SECRET). The timestamp is inside the MAC, so a captured request cannot be replayed later under a
// fresh timestamp; within the window a replay stores nothing twice (orders are idempotent by their id).

export const WALLMOB_SIGNATURE_HEADER = 'X-Wallmob-Signature';
export const WALLMOB_TIMESTAMP_HEADER = 'X-Wallmob-Timestamp';
/** How far a request's timestamp may be from the clock, either way. */
export const WALLMOB_REPLAY_WINDOW_SECONDS = 300;

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function signedBytes(timestamp: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const out = new Uint8Array(prefix.byteLength + body.byteLength);
  out.set(prefix, 0);
  out.set(body, prefix.byteLength);
  return out;
}

export type WallmobVerdict = 'ok' | 'missing' | 'stale' | 'invalid';

/** Whether the request is wallmob's: a well-formed signature over the timestamp and body, the timestamp in the window. */
export async function verifyWallmobSignature(
  input: { secret: string; signature: string | null; timestamp: string | null; body: Uint8Array },
  nowMs = Date.now(),
): Promise<WallmobVerdict> {
  const { secret, signature, timestamp, body } = input;
  if (!signature || !timestamp) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WALLMOB_REPLAY_WINDOW_SECONDS) return 'stale';
  const mac = hexBytes(signature.replace(/^sha256=/, ''));
  if (!mac || mac.byteLength !== 32) return 'invalid';
  // crypto.subtle.verify compares the MACs in constant time.
  const valid = await crypto.subtle.verify(
    'HMAC',
    await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
    mac,
    signedBytes(timestamp, body),
  );
  return valid ? 'ok' : 'invalid';
}
