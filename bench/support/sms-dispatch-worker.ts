// One SMS dispatcher process for the `sms` bench: runs the dispatcher with the local provider against the stack
// until the parent stops it. With KILL_AFTER_CLAIMS=n it kills itself (SIGKILL) right after its n-th claim,
// holding claimed messages it never handed over, as a crashed dispatcher does.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { dispatchOnce, LOCAL_OUTBOX_PROVIDER } from '../../edge-functions/_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../../edge-functions/_shared/sms/outbox-store.ts';

const [apiUrl, serviceKey] = [process.env.BENCH_API_URL!, process.env.BENCH_SERVICE_KEY!];
const killAfter = Number(process.env.KILL_AFTER_CLAIMS ?? 0);
const service = createClient(apiUrl, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
});
const store = rpcOutboxStore((fn, args) => service.rpc(fn, args));
let claims = 0;

async function main(): Promise<void> {
  for (;;) {
    const report = await dispatchOnce({
      store,
      providerFor: () => LOCAL_OUTBOX_PROVIDER,
      batchSize: 100,
      afterClaim: () => {
        claims += 1;
        if (killAfter > 0 && claims >= killAfter) process.kill(process.pid, 'SIGKILL');
      },
    });
    if (report.claimed === 0 && report.enqueued === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
