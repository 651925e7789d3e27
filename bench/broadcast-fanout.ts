import type { StackInfo } from '../tests/support/stack-info.ts';
import { now, PhoenixClient } from './support/phoenix-client.ts';
import { round, summarise } from './support/stats.ts';

const SUBSCRIBERS = 1000;
const MESSAGES = 40;
const INTERVAL_MS = 50;

/** 1,000 websocket subscribers on one public channel; one client broadcasts; latency from send to each delivery. */
export async function benchBroadcastFanout(info: StackInfo) {
  const channel = `bench-fanout-${Date.now()}`;
  const latencies: number[] = [];
  const subscribers: PhoenixClient[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, () => PhoenixClient.connect(info.apiUrl, info.anonKey)),
    );
    await Promise.all(batch.map((c) => c.join(channel)));
    for (const c of batch) c.onBroadcast = (_e, payload, at) => latencies.push(at - Number(payload.sent_at));
    subscribers.push(...batch);
  }
  const sender = await PhoenixClient.connect(info.apiUrl, info.anonKey);
  await sender.join(channel);
  const started = now();
  for (let m = 0; m < MESSAGES; m += 1) {
    sender.broadcast(channel, 'tick', { n: m, sent_at: now() });
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  const expected = SUBSCRIBERS * MESSAGES;
  const deadline = now() + 10_000;
  while (latencies.length < expected && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const elapsedS = (now() - started) / 1000;
  for (const c of [...subscribers, sender]) c.close();
  const summary = summarise(latencies);
  return {
    name: 'broadcast-fanout',
    description: `${SUBSCRIBERS} websocket subscribers on one channel, ${MESSAGES} broadcasts ${INTERVAL_MS} ms apart`,
    subscribers: SUBSCRIBERS,
    delivered: latencies.length,
    expected,
    messages_per_second: round(latencies.length / elapsedS, 0),
    latency: summary,
    goal: 'p95 <= 50 ms',
    goal_met: summary.p95_ms <= 50 && latencies.length === expected,
  };
}
