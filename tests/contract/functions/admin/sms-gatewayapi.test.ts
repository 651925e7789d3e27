import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gatewayApiProvider,
  verifyGatewayApiSignature,
} from '../../../../edge-functions/_shared/providers/gatewayapi.ts';
import { dispatchOnce } from '../../../../edge-functions/_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../../../../edge-functions/_shared/sms/outbox-store.ts';
import { DATA_LOCK_WAIT_MS } from '../../../support/data-lock.ts';
import { stackInfo } from '../../../support/stack-info.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, serviceRpc, type SmsWorld } from '../../../db/sms-world.ts';
import { addFunctionEnv, eventually, perTenant } from './support/function-env.ts';

// GatewayAPI, the real SMS provider: the adapter and the dispatcher against a fake GatewayAPI on loopback, and
// the delivery-report webhook function, which trusts only a report whose X-Gwapi-Signature JWT verifies.

interface Received {
  path: string;
  authorization?: string;
  body: { sender: string; message: string; recipients: Array<{ msisdn: number }>; userref: string };
}

type Mode = 'ok' | 'ok-once' | 'refuse' | 'fail' | 'hang';
let mode: Mode = 'ok';
const received: Received[] = [];
let server: http.Server;
let fakeUrl: string;
let nextId = 5000;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw || '{}') as Received['body'],
      });
      if (mode === 'hang') return; // never answers
      const ok = mode === 'ok' || mode === 'ok-once';
      if (mode === 'ok-once') mode = 'hang';
      const [status, body] = ok
        ? [200, { ids: [nextId++], usage: { total_cost: 0.03 } }]
        : mode === 'refuse'
          ? [422, { code: '0x0213', message: 'Invalid recipient' }]
          : [503, { message: 'down' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const message = (id: number) => ({ id, tenant_id: 't', phone: '+4512345678', text: `Hello ${id}` });

describe('the GatewayAPI adapter', () => {
  it('POSTs /rest/mtsms with the token, the number and userref = outbox id, and keeps the message id', async () => {
    mode = 'ok';
    const provider = gatewayApiProvider({ baseUrl: fakeUrl, token: 'gw-token', sender: 'Hjem-IS' });
    const [result] = await provider.send([message(41)]);
    expect(result).toEqual({
      id: 41,
      outcome: 'sent',
      provider: 'gatewayapi',
      provider_message_id: String(nextId - 1),
    });
    const request = received.at(-1)!;
    expect(request.path).toBe('/rest/mtsms');
    expect(request.authorization).toBe('Token gw-token');
    expect(request.body).toEqual({
      sender: 'Hjem-IS',
      message: 'Hello 41',
      recipients: [{ msisdn: 4512345678 }],
      userref: '41',
    });
  });

  // The time limit must let a loaded machine answer the refusal and the 5xx; the hang never answers at all.
  it('a refusal (4xx) is failed; a 5xx, a timeout or no connection is unknown', async () => {
    const provider = (url = fakeUrl) => gatewayApiProvider({ baseUrl: url, token: 't', sender: 's', timeoutMs: 2_000 });
    mode = 'refuse';
    expect((await provider().send([message(1)]))[0].outcome).toBe('failed');
    mode = 'fail';
    expect((await provider().send([message(2)]))[0].outcome).toBe('unknown');
    mode = 'hang';
    expect((await provider().send([message(3)]))[0]).toMatchObject({
      outcome: 'unknown',
      error: expect.stringMatching(/did not answer/) as unknown,
    });
    expect((await provider('http://127.0.0.1:9').send([message(4)]))[0].outcome).toBe('unknown');
  });

  it('verifies the webhook JWT (HS256) and refuses a wrong secret, a changed payload or another algorithm', async () => {
    const token = signReport({ id: 1, status: 'DELIVERED', userref: '9' }, 'hook-secret');
    expect(await verifyGatewayApiSignature(token, 'hook-secret')).toMatchObject({
      id: 1,
      status: 'DELIVERED',
      userref: '9',
    });
    expect(await verifyGatewayApiSignature(token, 'other-secret')).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ id: 1, status: 'DELIVERED', userref: '10' })).toString('base64url')}.${signature}`;
    expect(await verifyGatewayApiSignature(forged, 'hook-secret')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect(await verifyGatewayApiSignature(none, 'hook-secret')).toBeNull();
    expect(await verifyGatewayApiSignature(null, 'hook-secret')).toBeNull();
  });
});

function signReport(payload: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'HS256' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('SMS through GatewayAPI, with delivery reports', () => {
  let db: pg.Client;
  let resumeCron: () => Promise<void>;
  let w: SmsWorld;
  let undoEnv: () => void;
  const store = rpcOutboxStore(serviceRpc);
  const SECRET = 'webhook-secret-for-tests';

  beforeAll(async () => {
    db = await adminDb();
    resumeCron = await pauseCronDispatcher(db);
    w = await makeSmsWorld(db);
    await w.setEstimate(90);
    undoEnv = addFunctionEnv({ [perTenant('GATEWAYAPI_WEBHOOK_SECRET', 'hjem-is')]: SECRET });
  }, DATA_LOCK_WAIT_MS);
  afterAll(async () => {
    undoEnv?.();
    await w?.remove();
    await resumeCron?.();
    await db?.end();
  });

  const outbox = async () =>
    (await db.query(`select * from public.sms_outbox where plan_event_id = $1 order by id`, [w.planEventId]))
      .rows as Array<Record<string, unknown>>;
  const report = (payload: Record<string, unknown>, secret = SECRET) =>
    fetch(`${stackInfo().apiUrl}/functions/v1/sms-delivery-report?tenant=hjem-is`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Gwapi-Signature': signReport(payload, secret) },
      body: JSON.stringify(payload),
    });

  it('sends once; a timed-out send becomes unknown and is not sent again; signed reports settle both', async () => {
    const first = await w.subscribe();
    const second = await w.subscribe();
    await w.makeDue([first.receiverId, second.receiverId]);
    const provider = gatewayApiProvider({ baseUrl: fakeUrl, token: 't', sender: 's', timeoutMs: 300, parallel: 1 });
    const before = received.length;

    // The first message is taken; the provider never answers for the second.
    mode = 'ok-once';
    await dispatchOnce({ store, providerFor: () => provider, batchSize: 2 });
    const sentRows = await outbox();
    const a = sentRows.find((row) => row.status === 'sent')!;
    const b = sentRows.find((row) => row.status === 'unknown')!;
    expect(a).toMatchObject({ provider: 'gatewayapi' });
    expect(b.error).toMatch(/GatewayAPI did not answer/);
    expect(
      received
        .slice(before)
        .map((r) => r.body.userref)
        .sort(),
    ).toEqual([String(a.id), String(b.id)].sort());

    // Later runs send nothing again.
    mode = 'ok';
    await dispatchOnce({ store, providerFor: () => provider });
    expect(received.length - before).toBe(2);

    // The webhook function (its secret reaches a fresh worker asynchronously).
    await eventually(async () => (await report({ id: 1, status: 'ENROUTE', userref: '0' })).status === 200);
    const forged = await report({ id: 99, status: 'DELIVERED', userref: String(b.id) }, 'wrong-secret');
    expect(forged.status).toBe(401);
    expect((await outbox()).find((row) => row.id === b.id)!.status).toBe('unknown');

    expect(
      await (
        await report({
          id: Number(a.provider_message_id),
          status: 'DELIVERED',
          userref: String(a.id),
          msisdn: 4512345678,
        })
      ).json(),
    ).toEqual({ recorded: true });
    expect(
      await (await report({ id: Number(a.provider_message_id), status: 'DELIVERED', userref: String(a.id) })).json(),
    ).toEqual({ recorded: false });
    expect(
      await (await report({ id: Number(a.provider_message_id), status: 'ENROUTE', userref: String(a.id) })).json(),
    ).toEqual({ recorded: false });
    // The unknown one did arrive after all.
    expect(await (await report({ id: 7001, status: 'DELIVERED', userref: String(b.id) })).json()).toEqual({
      recorded: true,
    });
    const settled = await outbox();
    const settledA = settled.find((row) => row.id === a.id);
    const settledB = settled.find((row) => row.id === b.id);
    expect(settledA).toMatchObject({ status: 'delivered', provider_status: 'DELIVERED' });
    expect(settledB).toMatchObject({ status: 'delivered', provider_message_id: '7001' });
    const { rows } = await db.query(`select sms_sent_at from public.sms_receivers where id = any ($1::bigint[])`, [
      [first.receiverId, second.receiverId],
    ]);
    expect(rows.every((r) => r.sms_sent_at !== null)).toBe(true);
  });

  it('runs the sms-dispatch function for the service role only; without GatewayAPI settings it sends locally', async () => {
    const { receiverId } = await w.subscribe();
    await w.makeDue([receiverId]);
    const dispatch = (key: string) =>
      fetch(`${stackInfo().apiUrl}/functions/v1/sms-dispatch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
        body: '{}',
      });
    const refused = await dispatch(stackInfo().anonKey);
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    const ran = await dispatch(stackInfo().serviceRoleKey);
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ sent: 1 });
    expect((await outbox()).find((row) => row.sms_receiver_id === String(receiverId))).toMatchObject({
      status: 'sent',
      provider: 'local',
    });
  });

  it('answers 404 for a tenant without a webhook secret', async () => {
    const response = await fetch(`${stackInfo().apiUrl}/functions/v1/sms-delivery-report?tenant=romania`, {
      method: 'POST',
      headers: { 'X-Gwapi-Signature': signReport({ id: 1, status: 'DELIVERED', userref: '1' }, SECRET) },
      body: '{}',
    });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
