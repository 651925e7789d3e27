import { createHash, randomUUID } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { type Queryable, withTransaction } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { type JsonObject, stringField } from './json-body.ts';
import type { ClientInfo } from './request-info.ts';
import { issueSession, type SessionResponse } from './sessions.ts';
import type { AuthMethod } from './tokens.ts';
import { findUserById } from './users.ts';

/** How long an auth code may wait to be exchanged (GoTrue's default flow-state expiry). */
const FLOW_STATE_EXPIRY_MS = 300_000;

interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/** Remembers a PKCE challenge sent with /recover, /otp, /signup or PUT /user, for the e-mail link to redeem. */
export async function createFlowState(
  db: Queryable,
  params: { userId: string; method: AuthMethod; providerType: string; challenge: string; challengeMethod: string },
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      params.userId,
      randomUUID(),
      params.challengeMethod.toLowerCase(),
      params.challenge,
      params.providerType,
      params.method,
    ],
  );
}

/** The auth code for a followed e-mail link (GoTrue's issueAuthCode): the latest flow of that kind for the user. */
export async function issueAuthCode(db: Queryable, userId: string, method: AuthMethod): Promise<string> {
  const result = await db.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, method],
  );
  const flow = result.rows[0];
  if (!flow) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  await db.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
  return flow.auth_code;
}

function challengeMatches(flow: FlowStateRow, verifier: string): boolean {
  if (flow.code_challenge_method === 'plain') return verifier === flow.code_challenge;
  const digest = createHash('sha256').update(verifier).digest('base64url');
  return digest === flow.code_challenge;
}

/** `POST /token?grant_type=pkce` `{auth_code, code_verifier}`. */
export async function pkceGrant(ctx: AuthContext, body: JsonObject, client: ClientInfo): Promise<SessionResponse> {
  const authCode = stringField(body, 'auth_code');
  const verifier = stringField(body, 'code_verifier');
  if (authCode === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const found = await ctx.db.query<FlowStateRow>(
    `select id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method, created_at,
       auth_code_issued_at
     from auth.flow_state where auth_code = $1`,
    [authCode],
  );
  const flow = found.rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const startedAt =
    flow.auth_code_issued_at && flow.authentication_method === 'magiclink' ? flow.auth_code_issued_at : flow.created_at;
  if (Date.now() > startedAt.getTime() + FLOW_STATE_EXPIRY_MS) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const user = await findUserById(ctx.db, flow.user_id);
  if (!user) throw notFound('user_not_found', 'User not found');
  if (!challengeMatches(flow, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const method = flow.authentication_method as AuthMethod;
  return withTransaction(ctx.db, async (tx) => {
    const session = await issueSession(ctx, tx, user, method, client);
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    return session;
  });
}
