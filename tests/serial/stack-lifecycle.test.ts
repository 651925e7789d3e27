import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { exited, processesOfStack, startCommand, until } from '../support/stack-process.ts';

// A stack of its own, on ports no other test uses, started as a newcomer would (`npm start`).
const PORT = 61321;

describe('the start command', () => {
  it('prints the URL, keys and logins, and Ctrl-C stops every process it started', async () => {
    const { child, output } = startCommand(PORT);
    await until('the ready banner', () => output().includes('Ctrl-C stops everything'), 90_000);
    expect(output()).toContain(`App and API URL   http://127.0.0.1:${PORT}`);
    expect(output()).toContain('anon key');
    expect(output()).toContain('admin@hjem-is.test');
    const health = await fetch(`http://127.0.0.1:${PORT}/functions/v1/health`);
    expect(health.status).toBe(200);

    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    for (const port of [PORT, PORT + 1, PORT + 2, PORT + 3]) {
      await expect(portIsFree(port), `port ${port}`).resolves.toBe(true);
    }
    expect(processesOfStack(PORT)).toEqual([]);
  });

  it('says clearly which port is taken, and exits', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(PORT, '127.0.0.1', () => resolve()));
    try {
      const { child, output } = startCommand(PORT);
      expect(await exited(child)).toBe(1);
      expect(output()).toContain(`Port ${PORT} (API gateway) is already in use`);
    } finally {
      blocker.close();
    }
  });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
