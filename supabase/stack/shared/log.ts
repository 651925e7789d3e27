const COLOURS: Record<string, number> = { postgres: 34, postgrest: 36, auth: 33, realtime: 35, functions: 32, cron: 90, gateway: 37, stack: 1 };

/** One line of stack output, prefixed with the piece that said it. Quiet when STACK_QUIET is set (tests). */
export function log(piece: string, message: string): void {
  if (process.env.STACK_QUIET && piece !== 'stack') return;
  const colour = COLOURS[piece] ?? 0;
  const prefix = process.stdout.isTTY ? `\x1b[${colour}m${piece.padEnd(9)}\x1b[0m` : piece.padEnd(9);
  process.stdout.write(`${prefix} ${message.trimEnd()}\n`);
}
