import { compactVerify, errors } from 'jose';

/** The claims Realtime needs; everything else is passed on to RLS as `request.jwt.claims`. */
export interface RealtimeClaims {
  role: string;
  exp: number;
  sub?: string;
  [claim: string]: unknown;
}

export type TokenErrorCode =
  'expired_token' | 'missing_claims' | 'token_malformed' | 'signature_error' | 'signer_error';

export interface TokenError {
  code: TokenErrorCode;
  /** Join error reason as hosted Realtime words it, `<Code>: <message>`. */
  reason: string;
  /** The message alone: upgrade errors and channel shutdowns use it. */
  message: string;
}

export type TokenResult = { ok: true; claims: RealtimeClaims } | { ok: false; error: TokenError };

const HS_ALGORITHMS = ['HS256', 'HS384', 'HS512'];

function failure(code: TokenErrorCode, prefix: string, message: string): TokenResult {
  return { ok: false, error: { code, reason: `${prefix}: ${message}`, message } };
}

const MALFORMED = failure('token_malformed', 'MalformedJWT', 'The token provided is not a valid JWT');
const MISSING_CLAIMS = failure('missing_claims', 'InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
const SIGNATURE = failure('signature_error', 'JwtSignatureError', 'Failed to validate JWT signature');
const SIGNER = failure(
  'signer_error',
  'JwtSignerError',
  'Failed to generate JWT signer, check your JWT secret or JWKS configuration',
);

/** Verified signatures by token, so 1,000 sockets sharing one key cost one HMAC. Expiry is checked on every use. */
type Verified = { claims: Record<string, unknown> } | { failed: TokenResult };
const CACHE_LIMIT = 10_000;

export class JwtVerifier {
  private readonly key: Uint8Array;
  private readonly cache = new Map<string, Verified>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Checks a token as Realtime does for sockets, joins, access_token pushes and the REST API. */
  async verify(rawToken: string): Promise<TokenResult> {
    let token: string;
    try {
      token = decodeURIComponent(rawToken).replace(/\s/g, '');
    } catch {
      return MALFORMED;
    }
    let verified = this.cache.get(token);
    if (!verified) {
      verified = await this.verifySignature(token);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(token, verified);
    }
    if ('failed' in verified) return verified.failed;
    return checkClaims(verified.claims, Math.floor(Date.now() / 1000));
  }

  private async verifySignature(token: string): Promise<Verified> {
    try {
      const { payload } = await compactVerify(token, this.key, { algorithms: HS_ALGORITHMS });
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return { failed: MALFORMED };
      return { claims: claims as Record<string, unknown> };
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) return { failed: SIGNATURE };
      if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
        return { failed: SIGNER };
      }
      return { failed: MALFORMED };
    }
  }
}

function checkClaims(claims: Record<string, unknown>, now: number): TokenResult {
  const { exp, role, iat } = claims;
  if (iat !== undefined && typeof iat !== 'number') return MALFORMED;
  if (exp !== undefined) {
    if (typeof exp !== 'number') return MISSING_CLAIMS;
    const expiresAt = Math.round(exp);
    if (expiresAt <= now) {
      return failure('expired_token', 'InvalidJWTToken', `Token has expired ${now - expiresAt} seconds ago`);
    }
  }
  if (typeof exp !== 'number' || !('role' in claims) || typeof role !== 'string') return MISSING_CLAIMS;
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  return { ok: true, claims: { ...claims, role, exp: Math.round(exp), sub } };
}

/** Seconds until the token expires (at least 0). */
export function secondsToExpiry(claims: RealtimeClaims): number {
  return Math.max(0, claims.exp - Math.floor(Date.now() / 1000));
}
