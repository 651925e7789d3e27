// `npm start`: builds the app and starts the whole product on the local stack, then prints where it is.
import { buildApp } from './build-app.ts';
import { startStack } from '../stack.ts';
import { loadStackConfig } from '../shared/load-config.ts';
import { log } from '../shared/log.ts';
import { printBanner } from './banner.ts';
import { keepServingThroughErrors } from '../shared/crash-guard.ts';

const skipBuild = process.argv.includes('--no-build');

async function main(): Promise<void> {
  keepServingThroughErrors();
  const config = await loadStackConfig();
  // The build and the stack start side by side: neither needs the other until the first page is opened.
  const build = skipBuild ? Promise.resolve() : buildApp(config);
  const stack = await startStack();
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('stack', `${signal}: stopping`);
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  try {
    await build;
  } catch (error) {
    log('stack', `${(error as Error).message}; the API is up, the app page is not`);
  }
  printBanner(stack);
}

main().catch((error: unknown) => {
  log('stack', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
