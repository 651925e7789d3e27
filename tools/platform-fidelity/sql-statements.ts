/**
 * Splits a SQL script into the statements psql would send one by one (psql -f runs each in autocommit and,
 * with ON_ERROR_STOP, stops at the first failure). Knows quotes, quoted identifiers, comments and dollar
 * quoting, which is all the platform scripts use; psql meta-commands are not expected and not handled.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i]!;
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      i = skipQuoted(script, i, c);
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i, i + 64))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end === -1 ? n : end + tag.length;
      } else i += 1;
    } else if (c === ';') {
      push(statements, script.slice(start, i));
      start = i + 1;
      i += 1;
    } else i += 1;
  }
  push(statements, script.slice(start));
  return statements;
}

/** Index after the closing quote; a doubled quote inside is an escaped one. */
function skipQuoted(script: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < script.length) {
    if (script[i] === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return script.length;
}

function push(statements: string[], text: string): void {
  if (stripComments(text).trim()) statements.push(text.trim());
}

/** The statement without its comment lines, to tell an empty piece (only comments) from a real statement. */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/--[^\n]*/g, '');
}
