import { createRequire } from 'node:module';
import path from 'node:path';

/** The Deno binary the project installs (npm's @deno/linux-x64-glibc): the functions runtime, its lint, the benches. */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@deno/linux-x64-glibc/package.json')), 'deno');
}
