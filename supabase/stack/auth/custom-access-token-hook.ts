import type { Tx } from './db.ts';
import { AuthError, internalError } from './errors.ts';
import { hookMetadata, invokePgHook, isObject, type PgHook } from './hooks.ts';
import type { JsonObject } from './json-body.ts';

export interface CustomAccessTokenInput {
  userId: string;
  claims: JsonObject;
  method: string;
  ipAddress: string;
}

/**
 * Runs the Custom Access Token hook and returns the claims to sign. Input and validation follow GoTrue:
 * `{metadata, user_id, claims, authentication_method}` in, `{claims}` out, checked against its minimal schema.
 */
export async function customAccessTokenClaims(
  tx: Tx,
  hook: PgHook,
  input: CustomAccessTokenInput,
): Promise<JsonObject> {
  const output = await invokePgHook(tx, hook, {
    metadata: hookMetadata('customize-access-token', input.ipAddress),
    user_id: input.userId,
    claims: input.claims,
    authentication_method: input.method,
  });
  if (!isObject(output) || !('claims' in output)) throw internalError('output claims field is missing');
  if (output.claims !== null && !isObject(output.claims)) throw internalError('Error unmarshaling JSON output.');
  const claims = output.claims;
  const problems = claimProblems(claims);
  if (problems.length > 0) {
    throw new AuthError(
      500,
      '',
      `output claims do not conform to the expected schema: \n${problems.map((p) => `- ${p}\n`).join('')}`,
    );
  }
  return claims as JsonObject;
}

type JsonType = 'string' | 'integer' | 'object' | 'array' | 'boolean' | 'number' | 'null';

// GoTrue's MinimumViableTokenSchema: these claims must be present, and these have fixed types.
const REQUIRED = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];
const TYPES: Record<string, JsonType[]> = {
  aud: ['string', 'array'],
  exp: ['integer'],
  jti: ['string'],
  iat: ['integer'],
  iss: ['string'],
  nbf: ['integer'],
  sub: ['string'],
  email: ['string'],
  phone: ['string'],
  app_metadata: ['object'],
  user_metadata: ['object'],
  role: ['string'],
  aal: ['string'],
  amr: ['array'],
  session_id: ['string'],
  client_id: ['string'],
};

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value as JsonType;
}

/** Schema violations, worded like gojsonschema's messages. */
function claimProblems(claims: JsonObject | null): string[] {
  if (claims === null) return ['(root): Invalid type. Expected: object, given: null'];
  const problems: string[] = [];
  for (const key of REQUIRED) {
    if (!(key in claims)) problems.push(`(root): ${key} is required`);
  }
  for (const [key, allowed] of Object.entries(TYPES)) {
    if (!(key in claims)) continue;
    const given = jsonType(claims[key]);
    const ok = allowed.includes(given) || (given === 'integer' && allowed.includes('number'));
    if (!ok) problems.push(`${key}: Invalid type. Expected: ${allowed.join('/')}, given: ${given}`);
  }
  const amr = claims.amr;
  if (Array.isArray(amr)) {
    amr.forEach((entry, index) => {
      const given = jsonType(entry);
      if (given !== 'string' && given !== 'object')
        problems.push(`amr.${index}: Must validate at least one schema (anyOf)`);
    });
  }
  return problems;
}
