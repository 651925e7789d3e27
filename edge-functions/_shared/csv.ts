// CSV as spreadsheets read it: comma-separated, CRLF line ends, fields quoted when they hold a comma, quote or
// line break. A cell starting with = + - @ (a formula to a spreadsheet) is prefixed with ' so it stays text.

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A byte stream of the header and then every page the source yields, pulled one page at a time: the next page is
 * read only when the client has taken the last one, so memory holds about one page whatever the file's size.
 */
export function csvStream(header: readonly string[], pages: AsyncGenerator<CsvCell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvLine(header)));
          return;
        }
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    // No read-ahead beyond what the client asks for.
    { highWaterMark: 0 },
  );
}
