import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminListUsers } from './admin-list-users.ts';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminUpdateUser } from './admin-users.ts';
import { generateLink, invite } from './admin-links.ts';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest, notFound } from './errors.ts';
import { nulError, readJsonObject } from './json-body.ts';
import { logout } from './logout.ts';
import { otp } from './otp.ts';
import { passwordGrant } from './password-grant.ts';
import { pkceGrant } from './pkce-grant.ts';
import { enforceRateLimit } from './rate-limit.ts';
import { recover } from './recover.ts';
import { refreshGrant } from './refresh-grant.ts';
import { resend } from './resend.ts';
import { requireAdmin, requireAuthentication } from './request-auth.ts';
import { clientInfo } from './request-info.ts';
import { sendJson, sendNoContent, sendRedirect } from './respond.ts';
import { signup } from './signup.ts';
import { getUser, updateUser } from './user-endpoints.ts';
import { verifyGet, verifyPost } from './verify.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function methodNotAllowed(): AuthError {
  return new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
}

function only(method: string | undefined, ...allowed: Method[]): Method {
  if (!allowed.includes(method as Method)) throw methodNotAllowed();
  return method as Method;
}

/** Dispatches one request; `path` is relative to /auth/v1 and keeps its query string. */
export async function routeRequest(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const url = new URL(path, 'http://auth.local');
  const route = url.pathname.replace(/\/+$/, '') || '/';
  const query = url.searchParams;
  const client = clientInfo(req);
  if ([...query.values()].some((value) => value.includes('\u0000'))) throw nulError();

  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    });
    res.end();
    return;
  }

  switch (route) {
    case '/health':
      only(req.method, 'GET');
      return sendJson(res, 200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    case '/settings':
      only(req.method, 'GET');
      return sendJson(res, 200, {
        external: {
          email: ctx.settings.emailEnabled,
          phone: ctx.settings.phoneEnabled,
          anonymous_users: ctx.settings.enableAnonymousSignIns,
        },
        disable_signup: !ctx.settings.enableSignup,
        mailer_autoconfirm: ctx.settings.mailerAutoconfirm,
        phone_autoconfirm: ctx.settings.smsAutoconfirm,
        sms_provider: '',
        saml_enabled: false,
      });
    case '/.well-known/jwks.json':
      only(req.method, 'GET');
      // Tokens are signed with the shared HS256 secret, which is never published.
      return sendJson(res, 200, { keys: [] });
    case '/token': {
      only(req.method, 'POST');
      const grant = query.get('grant_type') ?? '';
      if (!['password', 'refresh_token', 'pkce'].includes(grant))
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
      enforceRateLimit(ctx.limiters.token, client.ip);
      const body = await readJsonObject(req);
      const session =
        grant === 'password'
          ? await passwordGrant(ctx, body, client)
          : grant === 'refresh_token'
            ? await refreshGrant(ctx, body, client)
            : await pkceGrant(ctx, body, client);
      return sendJson(res, 200, session);
    }
    case '/signup':
      only(req.method, 'POST');
      enforceRateLimit(ctx.limiters.signup, client.ip);
      return sendJson(res, 200, await signup(ctx, req, query, await readJsonObject(req), client));
    case '/recover':
      only(req.method, 'POST');
      enforceRateLimit(ctx.limiters.recover, client.ip);
      return sendJson(res, 200, await recover(ctx, req, query, await readJsonObject(req)));
    case '/resend':
      only(req.method, 'POST');
      enforceRateLimit(ctx.limiters.resend, client.ip);
      return sendJson(res, 200, await resend(ctx, req, query, await readJsonObject(req)));
    case '/otp':
    case '/magiclink':
      only(req.method, 'POST');
      enforceRateLimit(route === '/otp' ? ctx.limiters.otp : ctx.limiters.magiclink, client.ip);
      return sendJson(res, 200, await otp(ctx, req, query, await readJsonObject(req)));
    case '/verify':
      only(req.method, 'GET', 'POST');
      enforceRateLimit(ctx.limiters.verify, client.ip);
      if (req.method === 'GET') {
        const { redirect } = await verifyGet(ctx, req, query, client);
        return sendRedirect(res, redirect);
      }
      return sendJson(res, 200, await verifyPost(ctx, await readJsonObject(req), client));
    case '/logout': {
      only(req.method, 'POST');
      const caller = await requireAuthentication(ctx, req);
      await logout(ctx, query, caller);
      return sendNoContent(res);
    }
    case '/user': {
      const method = only(req.method, 'GET', 'PUT');
      if (method === 'PUT') enforceRateLimit(ctx.limiters.user, client.ip);
      const caller = await requireAuthentication(ctx, req);
      if (method === 'GET') return sendJson(res, 200, await getUser(ctx, caller));
      return sendJson(res, 200, await updateUser(ctx, req, query, caller, await readJsonObject(req)));
    }
    case '/invite':
      only(req.method, 'POST');
      await requireAdmin(ctx, req);
      return sendJson(res, 200, await invite(ctx, req, query, await readJsonObject(req)));
    case '/admin/generate_link':
      only(req.method, 'POST');
      await requireAdmin(ctx, req);
      return sendJson(res, 200, await generateLink(ctx, req, query, await readJsonObject(req)));
    case '/admin/users': {
      const method = only(req.method, 'GET', 'POST');
      await requireAdmin(ctx, req);
      if (method === 'POST') return sendJson(res, 200, await adminCreateUser(ctx, await readJsonObject(req)));
      const page = await adminListUsers(ctx, path);
      return sendJson(res, 200, page.body, page.headers);
    }
    case '/authorize':
    case '/callback':
      throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  }

  const userRoute = /^\/admin\/users\/([^/]+)$/.exec(route);
  if (userRoute) {
    const method = only(req.method, 'GET', 'PUT', 'DELETE');
    await requireAdmin(ctx, req);
    const id = decodeURIComponent(userRoute[1]);
    if (method === 'GET') return sendJson(res, 200, await adminGetUser(ctx, id));
    if (method === 'PUT') return sendJson(res, 200, await adminUpdateUser(ctx, id, await readJsonObject(req)));
    return sendJson(res, 200, await adminDeleteUser(ctx, id, await readJsonObject(req, { optional: true })));
  }
  throw notFound('not_found', `Not found: ${route}`);
}
