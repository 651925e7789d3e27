import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { log } from '../shared/log.ts';
import { sendJson } from './json-response.ts';

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> | void;

const BAD_URL = { message: 'Bad request: the URL is malformed' };
const INTERNAL = { message: 'Internal error in the local stack' };

/**
 * Why a URL cannot be routed, or undefined when it can: it must be a path, parse as a URL, and its path
 * must be valid percent-encoded UTF-8 (`/%E0%A4%A` is not), so no service ever trips over decoding it.
 */
export function malformedUrl(url: string | undefined): string | undefined {
  if (!url || !url.startsWith('/')) return 'not a path';
  try {
    decodeURIComponent(new URL(url, 'http://gateway').pathname);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A URL a service could not parse or decode is the caller's fault: 400, not 500. */
function statusFor(error: unknown): number {
  if (error instanceof URIError) return 400;
  if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_INVALID_URL') return 400;
  return 500;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Wraps a request handler so that nothing it throws or rejects can take the stack down: a malformed URL
 * is a JSON 400 before the handler runs, a failure is logged and answered with a JSON 400/500.
 */
export function guardRequest(handler: RequestHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // A response that fails after it was handed over (client gone) must not become an unhandled 'error'.
    res.on('error', (error) => log('gateway', `${req.method} ${req.url}: response failed: ${error.message}`));
    const fail = (error: unknown): void => {
      const status = statusFor(error);
      log('gateway', `${req.method} ${req.url}: ${describe(error)}`);
      sendJson(res, status, status === 400 ? BAD_URL : INTERNAL);
    };
    if (malformedUrl(req.url)) return sendJson(res, 400, BAD_URL);
    try {
      Promise.resolve(handler(req, res)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** The same for websocket upgrades: the raw socket gets a JSON error answer and is closed. */
export function guardUpgrade(handler: UpgradeHandler): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const fail = (error: unknown): void => {
      const status = statusFor(error);
      log('gateway', `upgrade ${req.url}: ${describe(error)}`);
      refuseUpgrade(socket, status, status === 400 ? BAD_URL : INTERNAL);
    };
    if (malformedUrl(req.url)) return refuseUpgrade(socket, 400, BAD_URL);
    try {
      Promise.resolve(handler(req, socket, head)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** Answers an upgrade request with a plain HTTP error and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = JSON.stringify(body);
  const reason = http.STATUS_CODES[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}
