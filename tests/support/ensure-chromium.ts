import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** Browser tests use Debian's Chromium (no browser download is possible here); install it when missing. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  console.log('Installing Debian chromium for the browser tests (once per machine)...');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    execFileSync(asRoot.length ? 'sudo' : args[0], asRoot.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
}
