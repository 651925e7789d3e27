import { mapPixelRatio } from './pixel-ratio';

// Map labels without glyph files: a symbol layer names an image `text:<kind>:<text>` (or an icon
// `icon:truck:<colour>`), and when the engine misses it we draw it on a canvas and add it. One image
// per distinct text, drawn once; collision handling stays the engine's.

export type TextKind = 'town' | 'town-major' | 'label' | 'label-selected';

const textPrefix = 'text:';
const truckPrefix = 'icon:truck:';

export const textImageId = (kind: TextKind, text: string) => `${textPrefix}${kind}:${text}`;
export const truckIconId = (colour: string) => `${truckPrefix}${colour}`;

export type ImageRequest = { type: 'text'; kind: TextKind; lines: string[] } | { type: 'truck'; colour: string };

const kinds: readonly TextKind[] = ['town', 'town-major', 'label', 'label-selected'];

/** What an image id asks for; null for ids that are not ours (the style's own sprites). */
export function parseImageId(id: string): ImageRequest | null {
  if (id.startsWith(truckPrefix)) {
    const colour = id.slice(truckPrefix.length);
    return /^#[0-9a-fA-F]{3,8}$/.test(colour) ? { type: 'truck', colour } : null;
  }
  if (!id.startsWith(textPrefix)) return null;
  const rest = id.slice(textPrefix.length);
  const colon = rest.indexOf(':');
  const kind = rest.slice(0, colon) as TextKind;
  if (colon < 0 || !kinds.includes(kind)) return null;
  const lines = rest.slice(colon + 1).split('\n');
  return lines.join('') === '' ? null : { type: 'text', kind, lines };
}

interface DrawnImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

// One CPU canvas for every image (read back at once with getImageData, so no GPU round trip per label): a map
// opening over a town-rich cell draws dozens of labels in one go, and a new canvas and context each is most of it.
let shared: CanvasRenderingContext2D | null | undefined;

function sharedContext(): CanvasRenderingContext2D | null {
  if (shared === undefined) shared = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  return shared;
}

function newContext(width: number, height: number): CanvasRenderingContext2D | null {
  const shared = sharedContext();
  if (!shared) return null;
  // Sizing the canvas clears it and resets its state (font, transform, styles).
  shared.canvas.width = Math.max(1, Math.ceil(width));
  shared.canvas.height = Math.max(1, Math.ceil(height));
  return shared;
}

function drawText(kind: TextKind, lines: string[], ratio: number): DrawnImage | null {
  const boxed = kind === 'label' || kind === 'label-selected';
  const size = (kind === 'town-major' ? 14 : 12) * ratio;
  const font = `${kind === 'town' ? 400 : 600} ${size}px ${fontFamily}`;
  const measure = sharedContext();
  if (!measure) return null;
  measure.font = font;
  const padding = (boxed ? 4 : 2) * ratio;
  const lineHeight = size * 1.2;
  // Measured before the canvas is sized for the label (sizing it resets the font).
  const width = Math.max(...lines.map((line) => measure.measureText(line).width)) + padding * 2;
  const height = lineHeight * lines.length + padding * 2;
  const context = newContext(width, height);
  if (!context) return null;
  context.font = font;
  context.textBaseline = 'top';
  context.textAlign = boxed ? 'center' : 'left';
  if (boxed) {
    context.fillStyle = kind === 'label-selected' ? '#fff4d6' : '#ffffff';
    context.strokeStyle = kind === 'label-selected' ? '#c26a00' : '#33415c';
    context.lineWidth = ratio;
    context.beginPath();
    context.roundRect(ratio / 2, ratio / 2, context.canvas.width - ratio, context.canvas.height - ratio, 3 * ratio);
    context.fill();
    context.stroke();
  }
  lines.forEach((line, index) => {
    const x = boxed ? context.canvas.width / 2 : padding;
    const y = padding + index * lineHeight;
    if (!boxed) {
      // A halo keeps town names readable over coast and border lines.
      context.lineWidth = 3 * ratio;
      context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
      context.strokeText(line, x, y);
    }
    context.fillStyle = boxed ? '#1d2433' : '#3d3b37';
    context.fillText(line, x, y);
  });
  const { width: w, height: h } = context.canvas;
  return { width: w, height: h, data: context.getImageData(0, 0, w, h).data };
}

function drawTruck(colour: string, ratio: number): DrawnImage | null {
  const context = newContext(30 * ratio, 22 * ratio);
  if (!context) return null;
  context.scale(ratio, ratio);
  context.fillStyle = colour;
  context.strokeStyle = '#ffffff';
  context.lineWidth = 1.5;
  context.beginPath();
  context.roundRect(2, 3, 17, 12, 2); // box
  context.fill();
  context.stroke();
  context.beginPath();
  context.moveTo(19, 7);
  context.lineTo(24, 7);
  context.lineTo(28, 11);
  context.lineTo(28, 15);
  context.lineTo(19, 15);
  context.closePath(); // cab
  context.fill();
  context.stroke();
  for (const x of [7, 23]) {
    context.beginPath();
    context.arc(x, 17, 3, 0, Math.PI * 2);
    context.fillStyle = '#1d2433';
    context.fill();
    context.stroke();
  }
  const { width, height } = context.canvas;
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

/** Draws the image an id asks for, at the screen's pixel ratio. */
export function drawImage(request: ImageRequest, ratio: number): DrawnImage | null {
  return request.type === 'truck' ? drawTruck(request.colour, ratio) : drawText(request.kind, request.lines, ratio);
}

interface ImageHost {
  hasImage(id: string): boolean;
  addImage(id: string, image: DrawnImage, options: { pixelRatio: number }): unknown;
  on(type: 'styleimagemissing', listener: (event: { id: string }) => void): unknown;
  off(type: 'styleimagemissing', listener: (event: { id: string }) => void): unknown;
}

// Images drawn ahead of the engine's asking (`predrawImages`), by ratio and id; each is handed to one map and
// dropped (the engine keeps its own copy).
const ahead = new Map<string, DrawnImage>();
const waiting: Array<{ id: string; ratio: number }> = [];
let drawing = false;
const aheadKey = (id: string, ratio: number) => `${ratio}|${id}`;

/** The image for `id`: the one drawn ahead if there is one (taken), else drawn now. */
function takeImage(id: string, ratio: number): DrawnImage | null {
  const key = aheadKey(id, ratio);
  const early = ahead.get(key);
  if (early) {
    ahead.delete(key);
    return early;
  }
  const request = parseImageId(id);
  return request && drawImage(request, ratio);
}

type IdleDeadline = { timeRemaining(): number };
const whenIdle: (work: (deadline: IdleDeadline) => void) => void =
  typeof requestIdleCallback === 'function'
    ? (work) => requestIdleCallback(work, { timeout: 200 })
    : (work) => setTimeout(() => work({ timeRemaining: () => 8 }), 0);

function drawWaiting(deadline: IdleDeadline): void {
  // One image at least per turn, then as many as the idle time allows: the engine's own start-up (its code
  // evaluated, the map made) slots in between turns instead of waiting for all of them.
  do {
    const next = waiting.shift();
    if (!next) break;
    const key = aheadKey(next.id, next.ratio);
    if (ahead.has(key)) continue;
    const request = parseImageId(next.id);
    const image = request && drawImage(request, next.ratio);
    if (image) ahead.set(key, image);
  } while (deadline.timeRemaining() > 2);
  if (waiting.length > 0) whenIdle(drawWaiting);
  else drawing = false;
}

/**
 * Draws these images while the page waits (for the map engine to download, typically), in idle slices, so that
 * the engine's first layout finds them ready instead of drawing every label inside one task on the way to the
 * first picture. Ids that are not ours are ignored; an id the engine never asks for costs one drawing.
 */
export function predrawImages(ids: Iterable<string>): void {
  const ratio = mapPixelRatio();
  const queued = new Set(waiting.map((entry) => entry.id));
  for (const id of ids) {
    if (queued.has(id) || ahead.has(aheadKey(id, ratio)) || !parseImageId(id)) continue;
    queued.add(id);
    waiting.push({ id, ratio });
  }
  if (!drawing && waiting.length > 0) {
    drawing = true;
    whenIdle(drawWaiting);
  }
}

/** Answers the engine's missing-image events with drawn labels and icons; returns the undo. */
export function installTextImages(map: ImageHost): () => void {
  // The map draws at this ratio: a sharper image would only be scaled down (and cost more to draw).
  const ratio = mapPixelRatio();
  const onMissing = ({ id }: { id: string }) => {
    if (map.hasImage(id)) return;
    const image = takeImage(id, ratio);
    if (image) map.addImage(id, image, { pixelRatio: ratio });
  };
  map.on('styleimagemissing', onMissing);
  return () => map.off('styleimagemissing', onMissing);
}
