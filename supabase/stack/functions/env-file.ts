import { readFileSync } from 'node:fs';

/**
 * Reads `edge-functions/.env` (dotenv syntax) for the functions' environment.
 * Names starting with SUPABASE_ are skipped, as the CLI does: those are the platform's.
 */
export function readEnvFile(file: string, warn: (message: string) => void): Record<string, string> {
  let text: string;
  try {
    // Read once per worker start; a small file, and reading it synchronously keeps worker creation atomic.
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const vars = parseEnv(text);
  for (const name of Object.keys(vars)) {
    if (name.startsWith('SUPABASE_')) {
      warn(`Env name cannot start with SUPABASE_, skipping: ${name}`);
      delete vars[name];
    }
  }
  return vars;
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*?)\s*$/;

export function parseEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = LINE.exec(lines[i] ?? '');
    if (!match) continue;
    const name = match[1] ?? '';
    let value = match[2] ?? '';
    const quote = value[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      // A quoted value may span lines until its closing quote.
      let body = value.slice(1);
      // A double-quoted value may contain \" escapes.
      const closing = quote === '"' ? /(?<!\\)"/ : new RegExp(quote);
      while (!closing.test(body) && i + 1 < lines.length) body += '\n' + (lines[++i] ?? '');
      const end = body.search(closing);
      body = end >= 0 ? body.slice(0, end) : body;
      value = quote === '"' ? body.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\"/g, '"') : body;
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    vars[name] = value;
  }
  return vars;
}
