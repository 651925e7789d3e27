// A one-sheet .xlsx workbook written as a stream: the zip entries are deflated as the rows arrive, a batch at a
// time, so memory holds one batch, not the sheet. Cells are inline strings (no shared-string table to keep),
// numbers as numbers; the header row is bold and frozen.
import { Zip, ZipDeflate } from 'npm:fflate@0.8.3';

export type Cell = string | number | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Width in characters. */
  width?: number;
}

export interface XlsxOptions {
  sheetName: string;
  columns: XlsxColumn[];
  /** Batches of rows, e.g. one per database page. */
  rows: AsyncIterable<Cell[][]>;
  /** Deflate level 1-9; 1 is several times faster and still shrinks sheet XML about tenfold. */
  level?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

const encoder = new TextEncoder();
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// Characters XML 1.0 cannot carry at all; they are dropped rather than breaking the file.
// deno-lint-ignore no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(rowNumber: number, cells: Cell[], style = 0): string {
  const s = style ? ` s="${style}"` : '';
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === null || cell === undefined || cell === '') continue;
    const ref = `${columnName(i)}${rowNumber}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) xml += `<c r="${ref}"${s}><v>${cell}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

function staticParts(sheetName: string): Record<string, string> {
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
      `<sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    // Style 1 is the bold header; fills 0 and 1 are the two every workbook must have.
    'xl/styles.xml':
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  };
}

function sheetStart(columns: XlsxColumn[]): string {
  const cols = columns
    .map(
      (column, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${column.width ?? Math.max(10, column.header.length + 2)}" customWidth="1"/>`,
    )
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${rowXml(
      1,
      columns.map((c) => c.header),
      1,
    )}`
  );
}

/** The workbook's bytes; each pull from the stream deflates the next batch of rows (backpressure included). */
export function xlsxStream(options: XlsxOptions): ReadableStream<Uint8Array> {
  const batches = options.rows[Symbol.asyncIterator]();
  let zip: Zip;
  let sheet: ZipDeflate;
  let nextRow = 2;
  let done = false;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.length) controller.enqueue(chunk);
        if (final) controller.close();
      });
      for (const [name, xml] of Object.entries(staticParts(options.sheetName))) {
        const part = new ZipDeflate(name, { level: 6 });
        zip.add(part);
        part.push(encoder.encode(xml), true);
      }
      sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: options.level ?? 1 });
      zip.add(sheet);
      sheet.push(encoder.encode(sheetStart(options.columns)));
    },
    async pull() {
      if (done) return;
      const next = await batches.next();
      if (next.done) {
        done = true;
        sheet.push(encoder.encode('</sheetData></worksheet>'), true);
        zip.end();
        return;
      }
      let xml = '';
      for (const row of next.value) xml += rowXml(nextRow++, row);
      sheet.push(encoder.encode(xml));
    },
    async cancel() {
      done = true;
      zip.terminate();
      await batches.return?.();
    },
  });
}
