import type { RunningStack } from '../../supabase/stack/stack.ts';
import { startTestStack } from './test-stack.ts';

let stack: RunningStack | undefined;

/**
 * Vitest global setup: when the test runner (tests/run-all.ts) already started a stack it says so in
 * STACK_INFO_FILE; run on its own (`npm run test:contract`), Vitest starts one for the run.
 */
export async function setup(): Promise<void> {
  if (process.env.STACK_INFO_FILE) return;
  stack = await startTestStack();
  process.env.STACK_INFO_FILE = stack.infoFile;
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
