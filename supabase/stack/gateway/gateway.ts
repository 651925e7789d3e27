import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { HttpService, UpgradeService } from '../shared/service.ts';
import type { StackConfig } from '../shared/stack-config.ts';
import { checkApiKey, ensureAuthorization } from './api-key.ts';
import { BodyTooLargeError, declaredTooLarge, dropRestOfBody, TOO_LARGE_MESSAGE } from './body-limit.ts';
import { answerPreflight, CORS_HEADERS } from './cors.ts';
import { sendJson } from './json-response.ts';
import { proxyHttp } from './proxy.ts';
import {
  namesArgumentsInBody,
  OVERLONG_NAME_ANSWER,
  overlongArgumentInBody,
  overlongRpcPath,
  readBody,
} from './rpc-names.ts';
import { type NormalisedTarget, normaliseRequestTarget } from './request-path.ts';
import { serveStaticApp } from './static-app.ts';
import { guardRequest, guardUpgrade, refuseUpgrade } from './request-guard.ts';

export interface GatewayServices {
  auth: HttpService;
  realtime: HttpService & UpgradeService;
  functions: HttpService;
}

// Auth endpoints that a browser reaches from an e-mail link or a provider redirect carry no API key.
const AUTH_WITHOUT_KEY = /^\/auth\/v1\/(verify|callback|authorize|\.well-known\/jwks\.json)(\/|\?|$)/;
const API_LIKE = /^\/[a-z0-9-]+\/v\d+(\/|\?|$)/;

/** One port for everything, routed like Supabase's API gateway; the built app is served at `/`. */
export function createGateway(config: StackConfig, services: GatewayServices): http.Server {
  const distDir = path.join(config.rootDir, 'dist');

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const target = prepareRequest(req);
    if (!target.ok) return sendJson(res, 400, { message: 'Bad request: the URL is malformed' });
    const url = target.url;
    const service = serviceFor(url);
    if (!service) {
      if (API_LIKE.test(url)) return sendJson(res, 404, { message: 'no Route matched with those values' });
      return serveStaticApp(distDir, req, res);
    }
    if (service.name === 'functions') {
      // Like Supabase's gateway, functions need no API key (webhooks and pg_net calls send only a Bearer
      // token; verify_jwt guards them); a key that is sent still stands in for a missing Authorization.
      const check = checkApiKey(req, config);
      if (check.ok) ensureAuthorization(req, check.key);
    } else if (!(service.name === 'auth' && AUTH_WITHOUT_KEY.test(url))) {
      const check = checkApiKey(req, config);
      if (!check.ok) return sendJson(res, check.status, check.body);
      ensureAuthorization(req, check.key);
    }
    if (declaredTooLarge(req)) {
      return sendJson(res, 413, { message: TOO_LARGE_MESSAGE });
    }
    // Every API answer is readable by browsers, whichever service writes it.
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    const rest = url.slice(service.prefix.length) || '/';
    const subPath = rest.startsWith('/') ? rest : `/${rest}`;
    switch (service.name) {
      case 'rest':
        return proxyRest(req, res, config.postgrestPort, subPath);
      case 'auth':
        return services.auth.handle(req, res, subPath);
      case 'realtime':
        return services.realtime.handle(req, res, subPath);
      case 'functions':
        return services.functions.handle(req, res, subPath);
    }
  };

  // Nothing a handler throws may take the stack down (see request-guard.ts).
  const server = http.createServer(guardRequest(route));
  server.keepAliveTimeout = 65_000;

  server.on(
    'upgrade',
    guardUpgrade((req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const target = prepareRequest(req);
      if (!target.ok) return refuseUpgrade(socket, 400, { message: 'Bad request: the URL is malformed' });
      const url = target.url;
      if (!url.startsWith('/realtime/v1/'))
        return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
      const check = checkApiKey(req, config);
      if (!check.ok) return refuseUpgrade(socket, check.status, check.body);
      services.realtime.handleUpgrade(req, socket, head, url.slice('/realtime/v1'.length));
    }),
  );
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n\r\n{"message":"Bad request"}');
  });
  return server;
}

/**
 * Normalises the path before anything routes on it or checks its key, and names the caller for the services:
 * the gateway is the edge, so X-Forwarded-For is the socket's address, never a value the client sent.
 */
function prepareRequest(req: IncomingMessage): NormalisedTarget {
  const target = normaliseRequestTarget(req.url ?? '/');
  if (target.ok) req.url = target.url;
  const address = req.socket.remoteAddress;
  if (address) req.headers['x-forwarded-for'] = address.replace(/^::ffff:/, '');
  else delete req.headers['x-forwarded-for'];
  return target;
}

type ServiceName = 'rest' | 'auth' | 'realtime' | 'functions';
const PREFIXES: Array<[string, ServiceName]> = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/realtime/v1', 'realtime'],
  ['/functions/v1', 'functions'],
];

function serviceFor(url: string): { name: ServiceName; prefix: string } | undefined {
  for (const [prefix, name] of PREFIXES) {
    const next = url.charAt(prefix.length);
    if (url.startsWith(prefix) && (next === '' || next === '/' || next === '?')) return { name, prefix };
  }
  return undefined;
}

/** REST through to PostgREST, except RPC calls with names no function can have (see rpc-names.ts). */
async function proxyRest(req: IncomingMessage, res: ServerResponse, port: number, subPath: string): Promise<void> {
  if (overlongRpcPath(subPath)) return sendJson(res, 404, OVERLONG_NAME_ANSWER);
  if (!namesArgumentsInBody(req, subPath)) return proxyHttp(req, res, port, subPath);
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    dropRestOfBody(req);
    return sendJson(res, 413, { message: TOO_LARGE_MESSAGE });
  }
  if (overlongArgumentInBody(req.headers['content-type'], body)) return sendJson(res, 404, OVERLONG_NAME_ANSWER);
  return proxyHttp(req, res, port, subPath, body);
}
