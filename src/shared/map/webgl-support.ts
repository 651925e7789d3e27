// Whether the browser draws WebGL, asked once per page. This module does not load the engine, so a page may import
// it directly (see prewarmWebGL).

let supported: boolean | undefined;

/** True when a WebGL context can be made (the map shows 'WebGL not enabled' otherwise). */
export function webglSupported(): boolean {
  if (supported === undefined) {
    try {
      const canvas = document.createElement('canvas');
      supported = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      supported = false;
    }
  }
  return supported;
}

/**
 * Asks for webglSupported when the main thread is next idle. The page's first WebGL context starts the browser's
 * GPU side (about 130 ms of main thread at 4x CPU in headless Chromium; the next context about 30): a page may ask
 * while its map engine still downloads instead of when the map is made.
 */
export function prewarmWebGL(): void {
  if (supported !== undefined) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => webglSupported(), { timeout: 2_000 });
  else setTimeout(() => webglSupported(), 0);
}
