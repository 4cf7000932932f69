// Which web pages may call this server: an Origin allowlist for CORS and the WebSocket upgrade.
// By default only the server's own origin (the page it serves: Origin's host equals the request's Host). A request
// with no Origin (curl, a same-origin GET, a server) is not a cross-site request and passes. Credentials are never
// allowed cross-origin: the game uses no cookies, so Access-Control-Allow-Credentials is never sent.
import type { IncomingHttpHeaders } from 'node:http';

export interface OriginPolicy {
  /** Origins allowed besides the server's own, exactly as a browser sends them (`https://example.com:8443`). */
  allowed: readonly string[];
}

/** ALLOWED_ORIGINS: a comma-separated list of origins; empty means only the server's own. */
export function parseAllowedOrigins(text: string | undefined): string[] {
  const out: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const s = part.trim();
    if (!s) continue;
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      throw new Error(`ALLOWED_ORIGINS: "${s}" is not an origin (expected scheme://host[:port])`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash)
      throw new Error(`ALLOWED_ORIGINS: "${s}" is not an origin (expected scheme://host[:port], no path)`);
    out.push(url.origin);
  }
  return out;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** True when the request may go on: no Origin, the server's own origin, or one on the allowlist. */
export function originAllowed(headers: IncomingHttpHeaders | Headers, policy: OriginPolicy): boolean {
  const get = (k: string) => (headers instanceof Headers ? (headers.get(k) ?? undefined) : first(headers[k]));
  const origin = get('origin');
  if (origin === undefined) return true;
  if (policy.allowed.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // "null" (a sandboxed frame, a file://) or garbage
  }
  // The page this server served: same host and port as the request itself (behind a proxy that keeps Host).
  return host === get('host');
}

/**
 * Colyseus' own CORS answer echoes any Origin with Access-Control-Allow-Credentials (matchMaker.controller, a
 * documented hook). The gate (gate.ts) answers CORS itself, for allowed origins only; Colyseus adds nothing.
 */
export function silenceColyseusCors(controller: {
  DEFAULT_CORS_HEADERS: Record<string, string>;
  getCorsHeaders: (headers: Headers) => Record<string, string>;
}): void {
  controller.DEFAULT_CORS_HEADERS = {};
  controller.getCorsHeaders = () => ({});
}
