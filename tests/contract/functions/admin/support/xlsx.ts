import { inflateRawSync } from 'node:zlib';

/** The files of a zip archive (stored or deflated entries), read through its central directory. */
export function unzip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let entry = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(entry) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = archive.readUInt16LE(entry + 10);
    const compressedSize = archive.readUInt32LE(entry + 20);
    const size = archive.readUInt32LE(entry + 24);
    const nameLength = archive.readUInt16LE(entry + 28);
    const extraLength = archive.readUInt16LE(entry + 30);
    const commentLength = archive.readUInt16LE(entry + 32);
    const localHeader = archive.readUInt32LE(entry + 42);
    const name = archive.subarray(entry + 46, entry + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart =
      localHeader + 30 + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
    const data = archive.subarray(dataStart, dataStart + compressedSize);
    const content = method === 0 ? Buffer.from(data) : method === 8 ? inflateRawSync(data) : undefined;
    if (!content) throw new Error(`${name}: compression method ${method} not supported`);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes, the directory says ${size}`);
    files.set(name, content);
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name]);

function columnIndex(letters: string): number {
  return [...letters].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0) - 1;
}

/** The cell texts of a worksheet, row by row (inline strings and plain values; empty cells as ''). */
export function sheetRows(xml: string): string[][] {
  const rows: string[][] = [];
  for (const row of xml.matchAll(/<row r="(\d+)"[^>]*>(.*?)<\/row>/gs)) {
    const cells: string[] = [];
    for (const cell of row[2].matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?:\/>|>(.*?)<\/c>)/gs)) {
      const inner = cell[2] ?? '';
      const text = inner.match(/<t[^>]*>(.*?)<\/t>/s)?.[1] ?? inner.match(/<v>(.*?)<\/v>/s)?.[1] ?? '';
      cells[columnIndex(cell[1])] = unescape(text);
    }
    rows[Number(row[1]) - 1] = Array.from(cells, (value) => value ?? '');
  }
  return rows;
}

/** The first sheet of an .xlsx workbook as rows of texts, after checking the package parts are there. */
export function readWorkbook(archive: Buffer): { files: Map<string, Buffer>; rows: string[][] } {
  const files = unzip(archive);
  for (const part of [
    '[Content_Types].xml',
    '_rels/.rels',
    'xl/workbook.xml',
    'xl/_rels/workbook.xml.rels',
    'xl/worksheets/sheet1.xml',
  ]) {
    if (!files.has(part)) throw new Error(`workbook part missing: ${part}`);
  }
  const rows = sheetRows(files.get('xl/worksheets/sheet1.xml')!.toString('utf8'));
  // Empty cells are not written; pad every row to the widest one (the header).
  const width = Math.max(0, ...rows.map((row) => row.length));
  return { files, rows: rows.map((row) => Array.from({ length: width }, (_v, i) => row[i] ?? '')) };
}
