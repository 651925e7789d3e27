// Reads a PDF that Chromium printed (page.pdf()): its pages' sizes and texts, and a page drawn to pixels, with
// pdf.js (its Node build draws on @napi-rs/canvas). So a test looks at the printout, not at the screen.

// pdf.js 6 asks for Node 22's Promise.withResolvers; the project runs on Node 20.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
      return { promise, resolve, reject };
    },
  });
}
// …and ArrayBuffer's transferToFixedLength (a copy does: pdf.js only reads the result).
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

export interface PdfPage {
  /** In PDF points (1/72 inch): a CSS pixel is 0.75 pt. */
  width: number;
  height: number;
  text: string;
}

interface Canvas {
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** The document and a way to free it (the loading task owns the worker). */
async function open(pdf: Buffer) {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  return Object.assign(await task.promise, { close: () => task.destroy() });
}

export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const doc = await open(pdf);
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push({ width: x1 - x0, height: y1 - y0, text });
    }
    return pages;
  } finally {
    await doc.close();
  }
}

export interface PagePixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

/** Page `n` (1-based) drawn at 1 px per PDF point. */
export async function renderPdfPage(pdf: Buffer, n: number): Promise<PagePixels> {
  const doc = await open(pdf);
  try {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: Canvas } };
    const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    return { width, height, data: canvas.getContext('2d').getImageData(0, 0, width, height).data };
  } finally {
    await doc.close();
  }
}

/** Share of pixels that are not (near) white: 0 for a blank page. */
export function inkShare({ data }: PagePixels): number {
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) ink++;
  return ink / (data.length / 4);
}

/** How many pixels are within `tolerance` of the colour `[r, g, b]`. */
export function pixelsOfColour({ data }: PagePixels, [r, g, b]: [number, number, number], tolerance = 24): number {
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i]! - r) <= tolerance &&
      Math.abs(data[i + 1]! - g) <= tolerance &&
      Math.abs(data[i + 2]! - b) <= tolerance
    )
      count++;
  }
  return count;
}
