// Part of `npm run lint`: Deno's own linter and type check for edge-functions/ (ESLint does not know
// Deno's globals or npm: specifiers).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../shared/load-config.ts';
import { denoBinary } from '../shared/deno.ts';

const deno = denoBinary();
const functionsDir = path.join(ROOT_DIR, 'edge-functions');
const caFile = [process.env.DENO_CERT, process.env.npm_config_cafile, '/etc/ssl/certs/ca-certificates.crt'].find(
  (f) => f && existsSync(f),
);
const env = {
  ...process.env,
  DENO_DIR: path.join(ROOT_DIR, '.local', 'deno'),
  DENO_NO_UPDATE_CHECK: '1',
  // As the stack runs them: npm: specifiers resolve from DENO_DIR, never from the Node project's package.json.
  DENO_NO_PACKAGE_JSON: '1',
  // The registry may sit behind a TLS-inspecting proxy that only the system CA store knows (as for npm).
  DENO_TLS_CA_STORE: 'mozilla,system',
  ...(caFile ? { DENO_CERT: caFile } : {}),
};

const entrypoints = readdirSync(functionsDir, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && !entry.name.startsWith('_') && existsSync(path.join(functionsDir, entry.name, 'index.ts')),
  )
  .map((entry) => path.join('edge-functions', entry.name, 'index.ts'));
// Deno scripts the benches run (not functions) are type-checked too.
const benchDir = path.join(functionsDir, '_bench');
const benchScripts = existsSync(benchDir)
  ? readdirSync(benchDir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join('edge-functions', '_bench', f))
  : [];

const run = (args: string[]) => spawnSync(deno, args, { cwd: ROOT_DIR, env, stdio: 'inherit' }).status ?? 1;
const lint = run(['lint', '--no-config', 'edge-functions']);
const check = run(['check', '--no-config', '--no-lock', ...entrypoints, ...benchScripts]);
process.exit(lint || check);
