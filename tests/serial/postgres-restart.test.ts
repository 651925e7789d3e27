import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';

const anon = client();

afterAll(async () => {
  await anon.removeAllChannels();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Postgres killed and started again', () => {
  it('brings REST back and resumes database broadcasts to a connected realtime client, by itself', async () => {
    const topic = `faults-${randomUUID().slice(0, 8)}`;
    const received: string[] = [];
    const channel = anon.channel(topic).on('broadcast', { event: 'ping' }, (message) => {
      received.push(String((message.payload as { n: string }).n));
    });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) =>
        status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(new Error(status)),
      ),
    );
    const send = (n: string) =>
      asPostgres((db) =>
        db.query(`select realtime.send(jsonb_build_object('n', $1::text), 'ping', $2, false)`, [n, topic]),
      );
    await send('before');
    await until('the first broadcast', async () => (received.includes('before') ? true : undefined));

    const pidFile = path.join(stackInfo().dataDir, 'postmaster.pid');
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');

    const rest = () => fetch(`${stackInfo().apiUrl}/rest/v1/`, { headers: { apikey: stackInfo().anonKey } });
    await until('REST to answer again', async () => ((await rest()).status === 200 ? true : undefined), 60_000);
    const newPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(newPid).not.toBe(pid);

    await until('a broadcast after the restart', async () => {
      await send('after');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return received.includes('after') ? true : undefined;
    });
    expect(received).toContain('after');
  });
});
