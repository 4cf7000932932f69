// The matchmaking route's own checks (issue 14), through Colyseus' documented controller hook:
// - join by id: the room's admission (invite, spectators, seats, phase) runs before a seat is reserved, and a refusal
//   answers with its words (a refusal inside the reservation itself would come back as a bare "already full");
// - every method: the client's address, as the HTTP gate saw it, goes to the room in the reservation's auth data.
import { matchMaker } from '@colyseus/core';
import { refuse } from '../rooms/admission.js';
import { CLIENT_ADDRESS_HEADER } from './gate.js';

type Invoke = typeof matchMaker.controller.invokeMethod;

let installed = false;

export function guardMatchmaking(): void {
  if (installed) return;
  installed = true;
  const invoke: Invoke = matchMaker.controller.invokeMethod.bind(matchMaker.controller);
  matchMaker.controller.invokeMethod = async (method, roomNameOrId, clientOptions, authOptions) => {
    if (method === 'joinById') {
      const [room] = await matchMaker.query({ roomId: roomNameOrId });
      // No such room: Colyseus' own answer ("not found", "locked").
      if (room && !room.locked) {
        const refusal: string | null = await matchMaker.remoteRoomCall(roomNameOrId, 'precheck', [clientOptions ?? {}]);
        if (refusal) throw refuse(refusal);
      }
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
