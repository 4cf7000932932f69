// The matchmaking route's own checks, through Colyseus' documented controller hook:
// - join by id: the room's admission (invite, spectators, seats, phase) runs before a seat is reserved, and a refusal
//   answers with its words (a refusal inside the reservation itself would come back as a bare "already full");
// - join by id or reconnect to a room that is neither listed nor in a live match's log: MATCH_GONE (410) at once, so
//   the page says the match has closed instead of looking for it for minutes (a listed room, or one whose log is open
//   — being restored, or taken over by another process — is "not found" (522) for now: the client tries again);
// - every method: the client's address, as the HTTP gate saw it, goes to the room in the reservation's auth data;
// - quick match: by strength (quick-match.ts), before Colyseus' own order.
import { matchMaker, ServerError } from '@colyseus/core';
import { MATCH_GONE, MATCH_GONE_STATUS } from '@star-eater/protocol';
import { refuse } from '../seats/admission.js';
import type { Sessions } from '../players/session.js';
import type { Storage } from '../storage/types.js';
import { CLIENT_ADDRESS_HEADER } from './gate.js';
import { quickMatchByStrength } from './quick-match.js';

type Invoke = typeof matchMaker.controller.invokeMethod;

let installed = false;

/** The process' storage, read by the guard (installed once per process; a test server started later replaces it). */
let storage: Storage | null = null;
let sessions: Sessions | null = null;

export function guardMatchmaking(store: Storage, players: Sessions): void {
  storage = store;
  sessions = players;
  if (installed) return;
  installed = true;
  const invoke: Invoke = matchMaker.controller.invokeMethod.bind(matchMaker.controller);
  matchMaker.controller.invokeMethod = async (method, roomNameOrId, clientOptions, authOptions) => {
    if (method === 'joinById' || method === 'reconnect') {
      const [room] = await matchMaker.query({ roomId: roomNameOrId });
      if (!room && !(await storage?.logOpen(roomNameOrId))) throw new ServerError(MATCH_GONE_STATUS, MATCH_GONE);
      // No such room: Colyseus' own answer ("not found", "locked").
      if (method === 'joinById' && room && !room.locked) {
        const refusal: string | null = await matchMaker.remoteRoomCall(roomNameOrId, 'precheck', [clientOptions ?? {}]);
        if (refusal) throw refuse(refusal);
      }
    }
    if (method === 'joinOrCreate' && roomNameOrId === 'match' && sessions) {
      const seat = await quickMatchByStrength(sessions, clientOptions, authOptions as { token?: string });
      if (seat) return seat as Awaited<ReturnType<Invoke>>;
    }
    return invoke(method, roomNameOrId, clientOptions, authOptions);
  };
}

/** The address the gate saw, from an auth context's headers (a Headers object or a plain record). */
export function addressFromContext(context: { headers?: unknown; ip?: string } | undefined): string {
  const h = context?.headers as Headers | Record<string, string> | undefined;
  const v = h instanceof Headers ? h.get(CLIENT_ADDRESS_HEADER) : h?.[CLIENT_ADDRESS_HEADER];
  return v ?? context?.ip ?? 'local';
}
