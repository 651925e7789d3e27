import { rmSync } from 'node:fs';
import { startStack, type RunningStack } from '../../supabase/stack/stack.ts';
import { loadStackConfig } from '../../supabase/stack/shared/load-config.ts';

/** The port of the stack the tests start: far from the product's 54321, so both can run at once. */
export const TEST_STACK_PORT = Number(process.env.TEST_STACK_PORT ?? 64321);

/**
 * A fresh stack for a test run: new data folder, demo data loaded, durability traded for speed. The 5-second
 * GPS sync is paused: simulated positions would move the demo world under the other tests; the GPS tests call
 * the gps-sync function themselves.
 */
export async function startTestStack(): Promise<RunningStack> {
  process.env.STACK_QUIET ??= '1';
  const config = await loadStackConfig({ port: TEST_STACK_PORT, dataName: 'test-db' });
  // `npm run test:platform` prepares this database itself (Supabase's image SQL, our migrations and seeds).
  if (process.env.TEST_STACK_PREPARED_DATA !== '1') rmSync(config.dataDir, { recursive: true, force: true });
  rmSync(config.mailOutboxDir, { recursive: true, force: true });
  return startStack({
    port: TEST_STACK_PORT,
    dataName: 'test-db',
    fast: true,
    pausedCronJobs: ['gps-sync', 'pos-simulator'],
  });
}
