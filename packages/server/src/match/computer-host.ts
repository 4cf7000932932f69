// The room as the computer sees it (computer.ts' ComputerHost): the computer's timers on the room clock, its offer
// sent to the waiting seat, and every answer written to the log as the message of its seat, then applied like a
// player's (client-messages.ts) — so a restored room replays the computer's moves as it replays a player's.
import type { Seat } from '@star-eater/engine';
import type { BotAnswer } from '../bots/levels.js';
import type { ComputerHost } from './computer.js';
import type { Input } from '../log/input-log.js';
import type { Outcome } from './match.js';
import { sendTo } from '../output/room-output.js';
import type { RoomTimers } from '../room/room-timers.js';
import type { RoomParts } from '../room/room-parts.js';

/** `timers`: the computer's own (not inputs of the log); `start`: both seats are taken, start the match. */
export function computerHost(room: RoomParts, timers: RoomTimers, start: () => void): ComputerHost {
  return {
    state: room.state,
    log: room.log,
    match: () => room.match,
    setTimeout: (fn, ms) => timers.add(fn, ms),
    step: (what, fn) => room.guard(what, fn),
    sendOffer: (seat, msg) => {
      const c = room.seats.clients[seat];
      if (c) sendTo(c, 'computer-offer', msg);
    },
    start: () => {
      if (!room.journal.replaying) start();
    },
    answer: (seat, answer) => answerFor(room, seat, answer),
    logOffer: (seat) => room.write({ k: 'offer', seat }).catch(() => {}), // logged by the journal
  };
}

/** The computer's answer, as the message of its seat: logged, then applied like a player's. */
async function answerFor(room: RoomParts, seat: Seat, answer: BotAnswer): Promise<Outcome> {
  const input: Input = { k: 'msg', seat, ...room.match.messageOf(answer) };
  let outcome: Outcome = {
    ok: false,
    error: { code: 'illegal', message: `${input.type}: the server could not apply it` },
  };
  await room.journal.write(input, () => room.guard('computer answer', () => (outcome = room.apply(input)!)));
  return outcome;
}
