/**
 * The file name a server suggests in `Content-Disposition` (`attachment; filename="x.xlsx"` or the
 * RFC 5987 `filename*=UTF-8''x.xlsx`), or the fallback when it names none.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return sanitize(decodeURIComponent(extended[1].trim())) || fallback;
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return sanitize(quoted[1].replace(/\\(.)/g, '$1')) || fallback;
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare ? sanitize(bare[1]) || fallback : fallback;
}

/** No folders in a downloaded file's name. */
function sanitize(name: string): string {
  return name.replace(/[\\/]/g, '_').trim();
}
