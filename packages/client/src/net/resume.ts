// Getting back into a match whose server process went away: the room is restored from its input log
// by the same process once it restarts, or taken over by another one (after the owner's lease runs out). Either way it
// is found again through the matchmaker — `client.reconnect(token)` for a seat, a join by room id for a spectator —
// which answers from whichever process holds the room now (behind the proxy, any process answers /matchmake and the
// seat reservation names the holder's address). Until the room is back, the answers say "not (yet) there": try again,
// backing off, for a while. Pure policy here; net/session.ts runs it.

import { MATCH_GONE_STATUS } from '@star-eater/protocol/refusals';

/** Close codes after which the match may still be there to resume (Colyseus' CloseCode). */
const RESUMABLE_CLOSE = new Set([
  1001, // going away (a proxy or process stopping)
  1005, // no status
  1006, // abnormal: the process died, or the proxy lost it
  4003, // FAILED_TO_RECONNECT: the SDK gave up on that address, or the process there no longer holds the room
  4010, // MAY_TRY_RECONNECT: the server is restarting and keeps the match
]);

/** The page's own close code (not a WebSocket one) for a room that is gone for good (matchGone). */
export const GONE_CLOSE = 4410;

export function resumableClose(code: number): boolean {
  return RESUMABLE_CLOSE.has(code);
}

/** How long a dropped match is looked for before the page says it could not get back (the lease, 15 s by default,
 * plus the restore, with room to spare for a slow restart). */
export const RESUME_FOR_MS = 120_000;

/** The wait before attempt `n` (0-based): 250 ms doubling to 4 s. */
export function resumeDelay(n: number): number {
  return Math.min(4000, 250 * 2 ** n);
}

/**
 * What a failed attempt means. `retry`: the match may come back — the network or the whole site is unreachable
 * (`server: false`), or the site answers but the room is not on any process yet (`server: true`: 522 not found, 523 a
 * dead process' listing that timed out, 502/503/504 from the proxy, 429 slow down). `final`: the room is there and
 * refused us (524: the seat's token expired; 525: an admission refusal, e.g. a full spectator gallery) or anything
 * else the server answered — trying again would get the same answer.
 */
/**
 * The room is gone for good (the server's MATCH_GONE: neither on any process nor in a live match's log): its match
 * ended and everyone left, or its seats were given up. Nothing brings it back: the page says so at once.
 */
export function matchGone(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === MATCH_GONE_STATUS;
}

export function resumeVerdict(err: unknown): { retry: false } | { retry: true; server: boolean } {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'number' || code < 100 || (code >= 1000 && code < 4000)) return { retry: true, server: false };
  if ([429, 502, 503, 504, 522, 523].includes(code)) return { retry: true, server: true };
  return { retry: false };
}
