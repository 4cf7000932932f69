// A client's message to its room: parsed (protocol), refused by name from a spectator or (a rematch) while the
// process drains, then written to the room's log (journal.ts) and applied (inputs.ts). A refusal goes back to its
// sender only and changes nothing.
import type { Client } from '@colyseus/core';
import type { Seat } from '@star-eater/engine';
import { parseClientMessage } from '@star-eater/protocol';
import type { Input } from '../log/input-log.js';
import { Match, type Outcome } from '../match/match.js';
import { sendTo } from '../output/room-output.js';
import type { RoomParts } from './room-parts.js';

export function onClientMessage(room: RoomParts, client: Client, type: string | number, payload: unknown): void {
  const m = room.member(client.sessionId);
  if (!m) return;
  const parsed = parseClientMessage(type, payload);
  if (!parsed.ok) {
    sendTo(client, 'error', parsed.error);
    return;
  }
  if (m.role === 'spectator' || m.seat === null) {
    sendTo(client, 'error', {
      code: 'spectator',
      type: parsed.type,
      message: `${parsed.type}: spectators can change nothing`,
    });
    return;
  }
  if (parsed.type === 'rematch' && room.draining()) {
    sendTo(client, 'error', {
      code: 'wrong-phase',
      type: 'rematch',
      message: 'rematch: this server is restarting and starts no new match; find a new one from the lobby',
    });
    return;
  }
  const seat = m.seat;
  const input: Input = { k: 'msg', seat, type: parsed.type, value: parsed.value };
  if (parsed.type === 'rematch') Object.assign(input, Match.newSecrets());
  // An emote changes nothing of the match: it is not an input of the log.
  if (parsed.type === 'emote') {
    onInput(room, client, seat, input);
    return;
  }
  room.journal
    .write(input, () => onInput(room, client, seat, input))
    ?.catch(() => {
      if (room.journal.lost) return; // the match is another process' now: this client is being sent there
      const message = `${parsed.type}: the server could not store it`;
      sendTo(client, 'error', { code: 'illegal', type: parsed.type, message });
    });
}

/** A client's message, logged: applied, and a refusal told to the client. */
function onInput(room: RoomParts, client: Client, seat: Seat, input: Extract<Input, { k: 'msg' }>): void {
  let outcome: Outcome;
  try {
    outcome = room.apply(input)!;
  } catch (err) {
    room.log.error({ err, type: input.type, seat }, 'message handling failed');
    outcome = { ok: false, error: { code: 'illegal', message: `${input.type}: the server could not apply it` } };
  }
  room.changed();
  if (!outcome.ok) {
    room.log.debug({ type: input.type, seat, code: outcome.error.code }, 'message refused');
    sendTo(client, 'error', { ...outcome.error, type: input.type as never });
  }
}
