// TEMPORARY while the stand-ins are being written in parallel: a piece whose module is not there yet answers 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HttpService, UpgradeService } from './shared/service.ts';
import type { StackConfig } from './shared/stack-config.ts';

const unavailable = (name: string): HttpService & UpgradeService => ({
  async handle(_req: IncomingMessage, res: ServerResponse) {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `${name} is not built yet` }));
  },
  handleUpgrade(_req: IncomingMessage, socket: Duplex) {
    socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
  },
  async close() {},
});

async function tryImport<T>(path: string, pick: (m: Record<string, unknown>) => T | undefined): Promise<T | undefined> {
  try {
    return pick((await import(path)) as Record<string, unknown>);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(path.slice(2))) return undefined;
    throw error;
  }
}

type Factory<T> = (config: StackConfig) => Promise<T>;

export async function loadServices(config: StackConfig) {
  const authF = await tryImport('./auth/index.ts', (m) => m.createAuthService as Factory<HttpService> | undefined);
  const rtF = await tryImport('./realtime/index.ts', (m) => m.createRealtimeService as Factory<HttpService & UpgradeService> | undefined);
  const fnF = await tryImport('./functions/index.ts', (m) => m.createFunctionsService as Factory<HttpService> | undefined);
  const cronF = await tryImport('./cron/index.ts', (m) => m.startCron as Factory<{ close(): Promise<void> }> | undefined);
  return {
    auth: authF ? await authF(config) : unavailable('auth'),
    realtime: rtF ? await rtF(config) : unavailable('realtime'),
    functions: fnF ? await fnF(config) : unavailable('functions'),
    cron: cronF ? await cronF(config) : { async close() {} },
  };
}
