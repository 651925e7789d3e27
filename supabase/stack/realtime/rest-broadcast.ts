import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RealtimeContext } from './context.ts';
import type { RealtimeClaims } from './jwt.ts';
import { encodeMessage, encodeUserBroadcast, isJsonObject, type JsonObject, type UserBroadcast } from './serializer.ts';
import { SharedFrame, topicKey } from './topic-hub.ts';
import { upgradeHeaders } from './request-headers.ts';
import { jsonTooDeep, MAX_PAYLOAD_BYTES, REST_PAYLOAD_TOO_LARGE, TOO_DEEP } from './limits.ts';

const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Hosted Realtime serves the broadcast API with open CORS, so browsers can call httpSend(). */
const CORS = { 'access-control-allow-origin': '*' };

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function accepted(res: ServerResponse): void {
  res.writeHead(202, { ...CORS, 'content-length': 0 });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Hosted Realtime's REST auth: `Authorization: Bearer <jwt>`, else the apikey header. */
function requestToken(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization) {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && token) return token;
  }
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' && apikey !== '' ? apikey : undefined;
}

interface RestMessage {
  topic: string;
  event: string;
  isPrivate: boolean;
  /** For JSON messages, the `{type,event,payload,meta?}` object; binary ones are kind-4 frames. */
  frame: SharedFrame;
}

function jsonMessage(topic: string, event: string, payload: unknown, id: unknown, isPrivate: boolean): RestMessage {
  const body: JsonObject = { payload, event, type: 'broadcast' };
  if (typeof id === 'string') body.meta = { id };
  return {
    topic,
    event,
    isPrivate,
    frame: new SharedFrame((vsn, joinTopic) => encodeMessage(vsn, null, null, joinTopic, 'broadcast', body)),
  };
}

/** `POST /api/broadcast` and `POST /api/broadcast/<topic>/events/<event>` (httpSend). */
export class RestBroadcast {
  constructor(private readonly context: RealtimeContext) {}

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(pathname);
    if ((pathname !== '/api/broadcast' && !single) || req.method !== 'POST') {
      sendJson(res, 404, { message: 'not found' });
      return;
    }
    if (single) {
      const contentType = req.headers['content-type'];
      if (contentType && !/^application\/(json|octet-stream)\s*(;|$)/i.test(contentType)) {
        sendJson(res, 415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
        return;
      }
    }
    const token = requestToken(req);
    const checked = token === undefined ? undefined : await this.context.verifier.verify(token);
    if (!checked?.ok) {
      sendJson(res, 401, { message: 'Unauthorized' });
      return;
    }
    const body = await readBody(req);
    if (body === null) {
      sendJson(res, 413, { message: 'Payload too large' });
      return;
    }
    const isBinary = single !== null && /^application\/octet-stream/i.test(req.headers['content-type'] ?? '');
    if (!isBinary && jsonTooDeep(body.toString('utf8'))) {
      sendJson(res, 422, { errors: { payload: [TOO_DEEP] } });
      return;
    }
    const headers = upgradeHeaders(req);
    if (single) {
      await this.single(res, checked.claims, headers, single, query, req.headers['content-type'] ?? '', body);
    } else {
      await this.batch(res, checked.claims, headers, body);
    }
  }

  private async batch(
    res: ServerResponse,
    claims: RealtimeClaims,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
      return;
    }
    const raw = isJsonObject(parsed) ? parsed.messages : undefined;
    if (!Array.isArray(raw) || raw.length === 0) {
      sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
      return;
    }
    const messages: RestMessage[] = [];
    const errors: JsonObject[] = [];
    for (const item of raw) {
      const message = isJsonObject(item) ? item : {};
      const problems: JsonObject = {};
      if (typeof message.topic !== 'string' || message.topic === '') problems.topic = ["can't be blank"];
      if (typeof message.event !== 'string' || message.event === '') problems.event = ["can't be blank"];
      if (!isJsonObject(message.payload))
        problems.payload = message.payload === undefined ? ["can't be blank"] : ['is invalid'];
      else if (Buffer.byteLength(JSON.stringify(message.payload)) > MAX_PAYLOAD_BYTES)
        problems.payload = [REST_PAYLOAD_TOO_LARGE];
      errors.push(problems);
      if (Object.keys(problems).length === 0) {
        messages.push(
          jsonMessage(
            message.topic as string,
            message.event as string,
            message.payload,
            message.id,
            message.private === true,
          ),
        );
      }
    }
    if (messages.length !== raw.length) {
      sendJson(res, 422, { errors: { messages: errors } });
      return;
    }

    for (const message of messages.filter((m) => !m.isPrivate)) this.deliver(message);
    // Private messages go out only where the caller's RLS allows writing; others are dropped silently.
    const byTopic = new Map<string, RestMessage[]>();
    for (const message of messages.filter((m) => m.isPrivate)) {
      byTopic.set(message.topic, [...(byTopic.get(message.topic) ?? []), message]);
    }
    for (const [topic, group] of byTopic) {
      if (await this.mayWrite(topic, claims, headers)) group.forEach((message) => this.deliver(message));
    }
    accepted(res);
  }

  private async single(
    res: ServerResponse,
    claims: RealtimeClaims,
    headers: Record<string, string>,
    match: RegExpExecArray,
    query: URLSearchParams,
    contentType: string,
    body: Buffer,
  ): Promise<void> {
    let topic: string;
    let event: string;
    try {
      topic = decodeURIComponent(match[1]!);
      event = decodeURIComponent(match[2]!);
    } catch {
      sendJson(res, 422, { errors: { topic: ['is invalid'] } });
      return;
    }
    const isPrivate = query.get('private') === 'true';
    if (body.length > MAX_PAYLOAD_BYTES) {
      sendJson(res, 422, { errors: { payload: [REST_PAYLOAD_TOO_LARGE] } });
      return;
    }
    let message: RestMessage;
    if (/^application\/octet-stream/i.test(contentType)) {
      const broadcast: UserBroadcast = { event, encoding: 'binary', body, meta: '' };
      message = {
        topic,
        event,
        isPrivate,
        frame: new SharedFrame((vsn, joinTopic) => encodeUserBroadcast(vsn, joinTopic, broadcast)),
      };
    } else {
      let payload: unknown;
      try {
        payload = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
      } catch {
        sendJson(res, 422, { errors: { payload: ['is invalid'] } });
        return;
      }
      if (payload === undefined || payload === null) {
        sendJson(res, 422, { errors: { payload: ["can't be blank"] } });
        return;
      }
      message = jsonMessage(topic, event, isJsonObject(payload) ? payload : { _json: payload }, undefined, isPrivate);
    }
    if (isPrivate && !(await this.mayWrite(topic, claims, headers))) {
      sendJson(res, 403, { message: 'Unauthorized' });
      return;
    }
    this.deliver(message);
    accepted(res);
  }

  private async mayWrite(topic: string, claims: RealtimeClaims, headers: Record<string, string>): Promise<boolean> {
    const result = await this.context.authorizer.write({ topic, claims, headers }, ['broadcast'], {});
    if (!result.ok) this.context.log(`REST write authorisation for ${topic} failed`, result.error);
    return result.ok && result.policies.broadcastWrite === true;
  }

  private deliver(message: RestMessage): void {
    this.context.hub.broadcast(topicKey(message.topic, message.isPrivate), message.frame);
  }
}
