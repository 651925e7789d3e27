import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';

export type JwtCheck = { ok: true } | { ok: false; message: string };

/**
 * The runtime's `verify_jwt` gate, as the CLI's main worker does it: a Bearer token is required,
 * HS256 is checked against the project secret (including `exp`), ES256/RS256 against Auth's JWKS.
 */
export function createJwtVerifier(
  jwtSecret: string,
  apiUrl: string,
): (authorization: string | undefined) => Promise<JwtCheck> {
  const secret = new TextEncoder().encode(jwtSecret);
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  return async (authorization) => {
    if (!authorization) return { ok: false, message: 'Error: Missing authorization header' };
    const [scheme, token] = authorization.split(' ');
    if (scheme !== 'Bearer' || !token) return { ok: false, message: "Error: Auth header is not 'Bearer {token}'" };
    try {
      const { alg } = decodeProtectedHeader(token);
      if (alg === 'HS256') {
        await jwtVerify(token, secret, { algorithms: ['HS256'] });
        return { ok: true };
      }
      if (alg === 'ES256' || alg === 'RS256') {
        jwks ??= createRemoteJWKSet(new URL('/auth/v1/.well-known/jwks.json', apiUrl));
        await jwtVerify(token, jwks, { algorithms: [alg] });
        return { ok: true };
      }
    } catch {
      // Any malformed, forged or expired token ends in the same answer.
    }
    return { ok: false, message: 'Invalid JWT' };
  };
}
