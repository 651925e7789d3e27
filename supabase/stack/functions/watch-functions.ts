import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isFunctionSlug } from './function-registry.ts';

/**
 * Reports edits under `edge-functions/`: the function whose folder changed, or `undefined` when a
 * file every function may use changed (`_shared/`, `.env`, a top-level import map).
 */
export function watchFunctions(
  functionsDir: string,
  onChange: (functionName: string | undefined) => void,
  warn: (message: string) => void,
): () => void {
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(functionsDir, { recursive: true, persistent: false }, (_event, filename) => {
      if (filename === null) {
        onChange(undefined);
        return;
      }
      // `hello/index.ts` or the folder `hello` itself belong to one function; `_shared/…`, `.env` to all.
      const first = filename.split(path.sep)[0] ?? '';
      onChange(isFunctionSlug(first) ? first : undefined);
    });
    watcher.on('error', (error) => warn(`file watching stopped: ${error.message}`));
  } catch (error) {
    warn(
      `cannot watch ${functionsDir}: ${error instanceof Error ? error.message : String(error)}; edits need a restart`,
    );
  }
  return () => watcher?.close();
}
