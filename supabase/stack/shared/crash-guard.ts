import { log } from './log.ts';

/**
 * The stack's last line of defence: Auth, Realtime, Functions, Cron and the gateway share one Node process,
 * so an error that escapes one of them (a throw in a callback, a rejected promise nobody awaited) must not
 * stop the others. It is logged, with its stack, and the stack keeps serving. Handlers are guarded on
 * their own (gateway/request-guard.ts); this catches what slips past them. Should the process end anyway,
 * its children stop with it (shared/tied-spawn.ts).
 */
export function keepServingThroughErrors(): void {
  process.on('uncaughtException', (error, origin) => {
    log(
      'stack',
      `${origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception'}, the stack keeps running: ${describe(error)}`,
    );
  });
  process.on('unhandledRejection', (reason) => {
    log('stack', `unhandled rejection, the stack keeps running: ${describe(reason)}`);
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
