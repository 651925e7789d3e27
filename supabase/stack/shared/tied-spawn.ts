import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** util-linux's setpriv, which can ask the kernel to signal a process when its parent dies. */
const SETPRIV = (process.env.PATH ?? '/usr/bin:/bin')
  .split(path.delimiter)
  .map((dir) => path.join(dir, 'setpriv'))
  .find((candidate) => existsSync(candidate));

/**
 * Spawns a child that cannot outlive the stack: however the Node process ends (SIGKILL and crashes
 * included, where no exit handler runs), the kernel sends the child `onParentDeath` (PR_SET_PDEATHSIG,
 * set by setpriv just before it becomes the program, so pid and command line stay the program's own).
 * Without setpriv the child is spawned plainly and only the exit handlers stop it.
 */
export function spawnTied(
  file: string,
  args: string[],
  options: SpawnOptions,
  onParentDeath: NodeJS.Signals,
): ChildProcess {
  if (!SETPRIV) return spawn(file, args, options);
  const signal = onParentDeath.replace(/^SIG/, '');
  return spawn(SETPRIV, [`--pdeathsig=${signal}`, '--', file, ...args], options);
}

/**
 * Stops a child when the Node process exits by any path that still runs JavaScript (process.exit, the
 * end of the event loop, a fatal error): synchronous, as 'exit' handlers must be. Returns the remover.
 */
export function stopOnExit(child: () => ChildProcess | undefined, signal: NodeJS.Signals): () => void {
  const handler = (): void => {
    const running = child();
    if (running && running.exitCode === null && running.signalCode === null) running.kill(signal);
  };
  process.on('exit', handler);
  return () => process.off('exit', handler);
}
