// The WebSocket door into a room: ws://host/<process>/<room>?sessionId=…[&reconnectionToken=…]. The matchmaking
// route (POST /matchmake/*, counted per address by the gate) hands out a seat reservation whose session id the client
// then connects with, or checks a reconnection token before the client reconnects; but a client may also connect
// straight to the socket — the SDK's own automatic reconnection does — and skip the route. So the upgrade takes a
// token from the same per-address matchmaking limit (shared through Redis by the processes of a deployment: one
// budget per address, whichever door) for every connection the route has not counted already: a reconnection the
// route did not check just before, a session id the room has no fresh reservation for (a guess), anything else.
// A refusal is the route's own: 429, Retry-After and the same words. The Origin allowlist comes first (origins.ts).
import type { BeforeUpgradeHandler } from '@colyseus/core';
import { freshSeatReservation } from '../colyseus-internals.js';
import type { Limiter } from '../scale/shared-limits.js';
import { refusalOf } from './gate.js';
import { addressFromContext } from './matchmake.js';
import { type OriginPolicy, originAllowed } from './origins.js';

/** How long a reconnection the route checked stays counted for its socket: the seat reservation's own 10 s. */
const VOUCHED_MS = 10_000;

/** Reconnections the matchmaking route checked (and counted) on this process' rooms: "room:token" → until when. */
const vouched = new Map<string, number>();

/** The route checked `token` on `roomId` (a room of this process: room/guards.ts): its socket is counted. */
export function vouchReconnection(roomId: string, token: string): void {
  const t = Date.now();
  for (const [k, until] of vouched) if (until < t) vouched.delete(k);
  vouched.set(`${roomId}:${token}`, t + VOUCHED_MS);
}

/** Whether the route counted this connection already: it claims a fresh reservation, or a reconnection it checked. */
function countedByRoute(url: URL): boolean {
  const roomId = /\/[\w-]+\/([\w-]+)$/.exec(url.pathname)?.[1];
  const sessionId = url.searchParams.get('sessionId');
  if (!roomId || !sessionId) return false;
  const token = url.searchParams.get('reconnectionToken');
  if (token === null) return freshSeatReservation(roomId, sessionId);
  const key = `${roomId}:${token}`;
  const until = vouched.get(key);
  vouched.delete(key);
  return until !== undefined && until >= Date.now();
}

/** The transport's beforeUpgrade: a foreign page is refused (403), an address over its matchmaking limit too (429). */
export function roomDoor(policy: OriginPolicy, limiter: Limiter): BeforeUpgradeHandler {
  return async (request, context) => {
    if (!originAllowed(context.headers, policy))
      return new Response('this origin may not use this server (see ALLOWED_ORIGINS)', { status: 403 });
    if (countedByRoute(new URL(request.url))) return undefined;
    const taken = await limiter.take(addressFromContext(context));
    if (taken.ok) return undefined;
    return new Response(JSON.stringify({ error: refusalOf('matchmake', limiter, taken) }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(taken.retryAfterSeconds) },
    });
  };
}
