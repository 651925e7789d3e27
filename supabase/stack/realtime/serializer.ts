/**
 * Phoenix socket frames as realtime-js 2.109 speaks them.
 * vsn 1.0.0: JSON objects. vsn 2.0.0: JSON arrays `[join_ref, ref, topic, event, payload]`, plus
 * binary user broadcasts: kind 3 (client → server push) and kind 4 (server → client).
 */

import { jsonTooDeep, TOO_DEEP } from './limits.ts';

export type Vsn = '1.0.0' | '2.0.0';

export type JsonObject = { [key: string]: unknown };

/** A text frame already encoded to UTF-8 (sent as text, not binary). */
export class TextFrame {
  constructor(readonly bytes: Buffer) {}
}

/** What goes onto a websocket: a text frame (string or pre-encoded) or a binary one (Buffer). */
export type WireFrame = string | Buffer | TextFrame;

/** A broadcast whose user payload is kept as bytes, so it is relayed without re-encoding. */
export interface UserBroadcast {
  event: string;
  encoding: 'json' | 'binary';
  body: Buffer;
  /** JSON object text, or '' when absent. */
  meta: string;
}

export interface InboundFrame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
  /** Set for binary kind-3 frames; `payload` is then undefined. */
  userBroadcast?: UserBroadcast;
  /** Why the frame cannot be handled (its payload is then undefined); the sender gets this as the reason. */
  invalid?: string;
  /** Bytes of the frame on the wire. */
  size: number;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const JSON_ENCODING = 1;

function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes a text frame; null when it is not JSON or not a message shape (the caller ignores it). */
export function decodeText(vsn: Vsn, text: string): InboundFrame | null {
  // Too deep to handle safely: keep the addressing (to reply) but never the payload.
  const invalid = jsonTooDeep(text) ? TOO_DEEP : undefined;
  const size = Buffer.byteLength(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (parsed.length < 5 || typeof topic !== 'string' || typeof event !== 'string') return null;
    return {
      joinRef: refOf(joinRef),
      ref: refOf(ref),
      topic,
      event,
      payload: invalid ? undefined : payload,
      invalid,
      size,
    };
  }
  if (isJsonObject(parsed)) {
    const { topic, event, payload, ref, join_ref: joinRef } = parsed;
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return {
      joinRef: refOf(joinRef),
      ref: refOf(ref),
      topic,
      event,
      payload: invalid ? undefined : payload,
      invalid,
      size,
    };
  }
  return null;
}

/** Decodes a binary frame; only kind 3 (user broadcast push) exists client → server. */
export function decodeBinary(data: Buffer): InboundFrame | null {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const joinRefLength = data[1]!;
  const refLength = data[2]!;
  const topicLength = data[3]!;
  const eventLength = data[4]!;
  const metaLength = data[5]!;
  const encoding = data[6]!;
  let offset = 7;
  const take = (length: number): string | null => {
    if (offset + length > data.length) return null;
    const value = data.toString('utf8', offset, offset + length);
    offset += length;
    return value;
  };
  const joinRef = take(joinRefLength);
  const ref = take(refLength);
  const topic = take(topicLength);
  const event = take(eventLength);
  const meta = take(metaLength);
  if (joinRef === null || ref === null || topic === null || event === null || meta === null) return null;
  const body = data.subarray(offset);
  const json = encoding === JSON_ENCODING;
  return {
    joinRef: joinRef === '' ? null : joinRef,
    ref: ref === '' ? null : ref,
    topic,
    event: 'broadcast',
    payload: undefined,
    userBroadcast: { event, encoding: json ? 'json' : 'binary', body, meta },
    invalid: json && jsonTooDeep(body.toString('utf8')) ? TOO_DEEP : undefined,
    size: body.length,
  };
}

/** A server → client message (push or reply). */
export function encodeMessage(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

/** A push whose payload is already JSON text (built once, sent to many). */
export function encodePushWithJsonPayload(vsn: Vsn, topic: string, event: string, payloadJson: string): string {
  if (vsn === '2.0.0') return `[null,null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":null,"join_ref":null}`;
}

export function encodeReply(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  status: 'ok' | 'error',
  response: unknown,
): string {
  return encodeMessage(vsn, joinRef, ref, topic, 'phx_reply', { status, response });
}

/**
 * A user broadcast for one vsn. JSON payloads go out as text `{type,event,payload,meta?}` (clients
 * decode it exactly like kind 4, and plain Phoenix clients can read it); raw binary payloads need
 * kind 4 on 2.0.0 and cannot be carried by 1.0.0 (null).
 */
export function encodeUserBroadcast(vsn: Vsn, topic: string, message: UserBroadcast): string | Buffer | null {
  if (message.encoding === 'json') {
    const meta = message.meta === '' ? '' : `,"meta":${message.meta}`;
    // The body is already-validated JSON text: splice it in rather than parse and re-stringify.
    const payload = `{"type":"broadcast","event":${JSON.stringify(message.event)},"payload":${message.body.toString('utf8')}${meta}}`;
    return encodePushWithJsonPayload(vsn, topic, 'broadcast', payload);
  }
  if (vsn !== '2.0.0') return null;
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(message.event, 'utf8');
  const metaBytes = Buffer.from(message.meta, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null;
  const header = Buffer.from([KIND_USER_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, message.body]);
}
