// The front gate of every HTTP request, ahead of Colyseus' matchmaking route and the express app:
// security headers (helmet), the Origin allowlist and CORS, per-IP rate limits (429 + Retry-After), and a body limit
// (413 before the body is read). Colyseus reads every request body whole, unbounded, before any route runs
// (@colyseus/core router/node.ts prereadRequestBodies), so the gate goes in front of every `request` listener of the
// HTTP server instead of being an express middleware, and reads the (small) body itself.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { type BucketLimit, KeyedLimiter, type Take } from './limits.js';
import { type OriginPolicy, originAllowed } from './origins.js';
import type { Limiter } from '../scale/shared-limits.js';

export interface HttpGuardOptions {
  /** Largest request body, bytes (4096: a matchmaking request is a few hundred). */
  bodyBytes: number;
  /** Per client address: POST /matchmake/* (every seat reservation, join by id and reconnection). */
  matchmake: BucketLimit;
  /** Per client address: /api/* and /health. */
  api: BucketLimit;
  /** Origins allowed besides the server's own (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Behind a proxy (TRUST_PROXY=1): the client is the last X-Forwarded-For address, not the socket's peer. */
  trustProxy: boolean;
  /** Extra CSP connect-src sources (CSP_CONNECT_SRC): where browsers open WebSockets when not this origin. */
  connectSrc: readonly string[];
  /** The limiters' clock, ms (tests drive it). */
  now?: () => number;
}

export const DEFAULT_HTTP_GUARD: HttpGuardOptions = {
  bodyBytes: 4096,
  matchmake: { burst: 20, perMinute: 30 },
  api: { burst: 120, perMinute: 600 },
  allowedOrigins: [],
  trustProxy: false,
  connectSrc: [],
};

/**
 * Header the gate sets (overwriting whatever a client sent) so the rooms see the client's address
 * (seats/reservations.ts).
 */
export const CLIENT_ADDRESS_HEADER = 'x-star-eater-client';

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',');
    const last = list[list.length - 1]?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** The Content-Security-Policy the client passes (checked in Chromium by e2e/tests/security.e2e.ts). */
export function securityHeaders(opts: HttpGuardOptions) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // PixiJS 8 sets style attributes on its canvas; the menus set element styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // PixiJS decodes textures in web workers it starts from blob: URLs.
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...wsOrigins(opts.allowedOrigins), ...opts.connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // Served over plain HTTP too (a LAN game, behind a TLS proxy): no HSTS from here, the proxy sets it.
    strictTransportSecurity: false,
  });
}

/** An allowed http(s) origin may open WebSockets to the same host: ws(s):// of it. */
function wsOrigins(origins: readonly string[]): string[] {
  return origins.flatMap((o) => [o, o.replace(/^http/, 'ws')]);
}

const json = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What each limit counts, as a refusal names it. */
const LIMITED = {
  matchmake: 'matchmaking requests (joins, seat reservations, reconnections)',
  api: '/api and /health requests',
} as const;

/** The 429's sentence: what was limited, the limit, whether it is the deployment's, and when to try again. */
export function refusalOf(what: keyof typeof LIMITED, limiter: Limiter, taken: Take & { ok: false }): string {
  const { burst, perMinute } = limiter.limit;
  const across = (taken.shared ?? limiter.shared) ? ' (all game servers together)' : '';
  return `too many ${LIMITED[what]} from your address: at most ${burst} at once, then ${perMinute} a minute${across}; try again in ${taken.retryAfterSeconds} s`;
}

/**
 * Puts the gate in front of the server's current `request` listeners (call after Colyseus bound its routes).
 * `limiters`: the per-address limits (scale/shared-limits.ts openLimiters: Redis-backed with several processes);
 * default this process' own.
 */
export function installGate(
  server: Server,
  opts: HttpGuardOptions,
  limiters?: Record<keyof typeof LIMITED, Limiter>,
): void {
  const inner = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const headers = securityHeaders(opts);
  const policy: OriginPolicy = { allowed: opts.allowedOrigins };
  const now = opts.now ?? Date.now;
  const limits = limiters ?? { matchmake: new KeyedLimiter(opts.matchmake, now), api: new KeyedLimiter(opts.api, now) };
  const pass: Listener = (req, res) => {
    for (const l of inner) l.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    headers(req, res, () => gate(req, res));
  });
  // A WebSocket upgrade carries the address too, for the room door's limit (room-door.ts): stamped before Colyseus
  // reads the request, over whatever the client sent.
  server.prependListener('upgrade', (req: IncomingMessage) => {
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, opts.trustProxy);
  });

  function gate(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    const ip = clientAddress(req, opts.trustProxy);
    req.headers[CLIENT_ADDRESS_HEADER] = ip;
    // A foreign page: no CORS headers, and nothing it asks is done.
    if (!originAllowed(req.headers, policy)) {
      req.resume();
      json(res, 403, { error: 'this origin may not use this server (see ALLOWED_ORIGINS)' }, { connection: 'close' });
      return;
    }
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET,HEAD,POST,PATCH',
        'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization',
        'Access-Control-Max-Age': '600',
      });
      return void res.end();
    }
    const what = path.startsWith('/matchmake/')
      ? 'matchmake'
      : path.startsWith('/api/') || path === '/health'
        ? 'api'
        : null;
    const next = () => readBody(req, res, opts.bodyBytes, () => pass(req, res));
    if (what === null) next();
    else void limit(what, ip, res, next);
  }

  /** Takes a token of `what` for the address, then goes on; or refuses with 429 naming what was limited. */
  async function limit(what: keyof typeof LIMITED, ip: string, res: ServerResponse, next: () => void): Promise<void> {
    const taken = await limits[what].take(ip);
    if (taken.ok) return next();
    res.req.resume();
    json(res, 429, { error: refusalOf(what, limits[what], taken) }, { 'retry-after': String(taken.retryAfterSeconds) });
  }
}

/**
 * Reads a request body of at most `limit` bytes into req.body (JSON parsed when it says it is JSON), then goes on.
 * A declared length over the limit is refused before a byte is read; a chunked body is cut off at the limit.
 */
function readBody(req: IncomingMessage, res: ServerResponse, limit: number, next: () => void): void {
  const declared = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (declared === undefined || Number(declared) === 0)) {
    next();
    return;
  }
  // The answer goes out first, then the connection is cut: the rest of the body is never read.
  const tooLarge = (): void => {
    res.on('finish', () => req.destroy());
    json(res, 413, { error: `request body too large: at most ${limit} bytes` }, { connection: 'close' });
  };
  if (Number(declared) > limit) {
    tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > limit) {
      over = true;
      req.pause();
      tooLarge();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (over) return;
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = req as IncomingMessage & { body?: unknown };
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        body.body = raw ? JSON.parse(raw) : {};
      } catch {
        return json(res, 400, { error: 'the request body is not valid JSON' });
      }
    } else body.body = raw;
    next();
  });
}
