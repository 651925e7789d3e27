import { SignJWT } from 'jose';

/** The local stack's well-known development secret (the Supabase CLI uses the same one). Never used in production. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// Fixed issue and expiry times keep the keys identical across machines, so they can be printed in the README.
const ISSUED_AT = 1_700_000_000;
const EXPIRES_AT = 2_000_000_000;

/** Signs a legacy API key (anon or service_role) as Supabase does: HS256 with only role, iss, iat and exp. */
export async function signApiKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ role, iss: 'supabase-demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(ISSUED_AT)
    .setExpirationTime(EXPIRES_AT)
    .sign(new TextEncoder().encode(secret));
}
