import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { now, PhoenixClient } from './support/phoenix-client.ts';
import { round, summarise } from './support/stats.ts';

const SUBSCRIBERS = 100;
const MESSAGES = 40;

/**
 * 100 signed-in subscribers on a tenant's private channel (authorised by RLS on realtime.messages);
 * each message is sent from SQL with realtime.send() in its own transaction; latency from the database's
 * clock at send to delivery.
 */
export async function benchDbBroadcast(info: StackInfo) {
  const signIn = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@hjem-is.test', password: info.demoPassword }),
  });
  const { access_token: accessToken } = (await signIn.json()) as { access_token: string };
  const db = new pg.Client({ connectionString: info.dbUrl });
  db.on('error', () => undefined); // the stack stopping after a failed run must not crash the runner
  await db.connect();
  const tenantId = (await db.query<{ id: string }>(`select id from public.tenants where slug = 'hjem-is'`)).rows[0].id;
  const topic = `tenant:${tenantId}:bench`;

  const latencies: number[] = [];
  const subscribers = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, () => PhoenixClient.connect(info.apiUrl, info.anonKey)),
  );
  await Promise.all(subscribers.map((c) => c.join(topic, { private: true, accessToken })));
  for (const c of subscribers) c.onBroadcast = (_e, payload, at) => latencies.push(at - Number(payload.sent_at));

  for (let m = 0; m < MESSAGES; m += 1) {
    await db.query(
      `select realtime.send(jsonb_build_object('n', $1::int, 'sent_at', extract(epoch from clock_timestamp()) * 1000), 'tick', $2, true)`,
      [m, topic],
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const expected = SUBSCRIBERS * MESSAGES;
  const deadline = now() + 10_000;
  while (latencies.length < expected && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const c of subscribers) c.close();
  await db.end();
  const summary = summarise(latencies);
  return {
    name: 'db-broadcast-private',
    description: `${SUBSCRIBERS} private-channel subscribers, ${MESSAGES} realtime.send() calls from SQL, trigger-to-client latency`,
    delivered: latencies.length,
    expected,
    latency: summary,
    goal: 'p95 <= 150 ms',
    goal_met: summary.p95_ms <= 150 && latencies.length === expected,
    p50_ms: round(summary.p50_ms),
  };
}
