import { appendFileSync } from 'node:fs';

const COLOURS: Record<string, number> = {
  postgres: 34,
  postgrest: 36,
  auth: 33,
  realtime: 35,
  functions: 32,
  cron: 90,
  gateway: 37,
  stack: 1,
};

/**
 * One line of stack output, prefixed with the piece that said it. Quiet when STACK_QUIET is set (tests); with
 * STACK_LOG_FILE set every line also goes to that file with its time, so a failed test run can show what the
 * stack saw meanwhile (a 503, a restarted service) without the noise on screen.
 */
export function log(piece: string, message: string): void {
  const line = `${piece.padEnd(9)} ${message.trimEnd()}`;
  const file = process.env.STACK_LOG_FILE;
  if (file) {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    } catch {
      // A log that cannot be written must not stop the stack.
    }
  }
  if (process.env.STACK_QUIET && piece !== 'stack') return;
  const colour = COLOURS[piece] ?? 0;
  const prefix = process.stdout.isTTY ? `\x1b[${colour}m${piece.padEnd(9)}\x1b[0m` : piece.padEnd(9);
  process.stdout.write(`${prefix} ${message.trimEnd()}\n`);
}
