import { randomUUID } from 'node:crypto';
import type { Db, Tx } from './db.ts';
import { withTransaction } from './db.ts';
import { AuthError, internalError } from './errors.ts';
import type { JsonObject } from './json-body.ts';

/** A Postgres-function hook: its URI as configured and the quoted SQL name it calls. */
export interface PgHook {
  uri: string;
  sqlName: string;
}

export interface AuthHooks {
  customAccessToken?: PgHook;
  passwordVerificationAttempt?: PgHook;
}

const HOOK_TIMEOUT_MS = 2000;

/** `pg-functions://postgres/<schema>/<function>` → `"schema"."function"`; anything else is a config error. */
export function parsePgHookUri(uri: string): PgHook {
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri.trim());
  if (!match) {
    throw new Error(
      `auth hook URI must look like pg-functions://postgres/<schema>/<function>, got ${JSON.stringify(uri)}`,
    );
  }
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return { uri: uri.trim(), sqlName: `${quote(match[1])}.${quote(match[2])}` };
}

/** The `metadata` object GoTrue puts into every hook input. */
export function hookMetadata(name: string, ipAddress: string): JsonObject {
  return { uuid: randomUUID(), time: new Date().toISOString(), name, ip_address: ipAddress };
}

/**
 * Calls a hook function inside the caller's transaction, as GoTrue's pg-functions dispatcher does: as the Auth
 * role, with a 2 s statement timeout. An `{"error":{http_code,message}}` result becomes that HTTP error; a
 * failing function becomes a 500 naming the hook.
 */
export async function invokePgHook(tx: Tx, hook: PgHook, input: JsonObject): Promise<unknown> {
  let output: unknown;
  try {
    await tx.query(`set local statement_timeout to '${HOOK_TIMEOUT_MS}'`);
    const result = await tx.query<{ output: unknown }>(`select ${hook.sqlName}($1::jsonb) as output`, [
      JSON.stringify(input),
    ]);
    output = result.rows[0]?.output ?? null;
    await tx.query('set local statement_timeout to default');
  } catch (error) {
    const failure = new AuthError(500, '', `Error running hook URI: ${hook.uri}`);
    // Kept so the service log shows the function's own error to the developer.
    failure.cause = error;
    throw failure;
  }
  if (typeof output === 'string') {
    // A function declared `returns text` or `json` as text: GoTrue reads the bytes as JSON either way.
    try {
      output = JSON.parse(output) as unknown;
    } catch {
      throw internalError('Error unmarshaling JSON output.');
    }
  }
  const hookError = readHookError(output);
  if (hookError) throw hookError;
  return output;
}

/** Runs a hook in a transaction of its own (hooks that are not part of an issuance). */
export function invokePgHookAlone(db: Db, hook: PgHook, input: JsonObject): Promise<unknown> {
  return withTransaction(db, (tx) => invokePgHook(tx, hook, input));
}

/** The database round trips of one hook call, without calling anything (keeps refusals equally slow). */
export function hookSizedRoundTrip(db: Db): Promise<void> {
  return withTransaction(db, async (tx) => {
    await tx.query(`set local statement_timeout to '${HOOK_TIMEOUT_MS}'`);
    await tx.query('select null::jsonb as output');
    await tx.query('set local statement_timeout to default');
  });
}

function readHookError(output: unknown): AuthError | undefined {
  if (!isObject(output) || !isObject(output.error)) return undefined;
  const message = output.error.message;
  if (typeof message !== 'string' || message === '') return undefined;
  const code = output.error.http_code;
  const status = typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
  return new AuthError(status, '', message);
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
