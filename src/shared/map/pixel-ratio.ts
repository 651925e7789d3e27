/**
 * The pixel ratio maps draw at: the screen's, at most 2. A phone at 2.6 or 3 would draw (and composite) up to
 * twice the pixels of 2 for lines and labels that look the same at arm's length.
 */
export const mapPixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

/**
 * What a progressive map (MapView's `progressive`) opens at: a quarter of the pixels of 2. Every frame until the
 * map first rests costs in proportion to the canvas's pixels (on a phone, and most in a browser that composites
 * WebGL in software), so the first complete picture comes sooner and sharpens once the map has rested.
 */
export const OPENING_PIXEL_RATIO = 1;

interface SharpenableMap {
  setPixelRatio(ratio: number): void;
  triggerRepaint(): void;
}

/**
 * Sets the map's pixel ratio to `ratio` once the frame that showed it at rest has been on screen: two animation
 * frames, then a task (a canvas resized inside a frame callback would show blank until the next frame; from a
 * task the engine redraws before the browser paints). Returns the cancel.
 */
export function sharpenAfterRest(map: SharpenableMap, ratio: number): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        // Resizing clears the canvas: draw it again at once.
        map.setPixelRatio(ratio);
        map.triggerRepaint();
      });
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
