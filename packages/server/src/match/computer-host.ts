// The room as the computer sees it (computer.ts' ComputerHost): the computer's timers on the room clock, its offer
// sent to the waiting seat, and every answer written to the log as the message of its seat, then applied like a
// player's (client-messages.ts) — so a restored room replays the computer's moves as it replays a player's.
import type { Seat } from '@star-eater/engine';
import type { Logger } from 'pino';
import type { BotAnswer } from '../bots/levels.js';
import type { ComputerHost } from './computer.js';
import type { Input } from '../log/input-log.js';
import type { Journal } from '../log/journal.js';
import type { Match, Outcome } from './match.js';
import { sendTo } from '../output/room-output.js';
import type { RoomTimers } from '../room/room-timers.js';
import type { SeatLog } from '../seats/seat-log.js';
import type { MatchRoomState } from '../output/state.js';

/** What the computer needs of its room (MatchRoom). */
export interface ComputerRoom {
  readonly state: MatchRoomState;
  readonly log: Logger;
  readonly match: Match;
  readonly seats: SeatLog;
  readonly journal: Journal;
  /** Runs a step of the room, errors logged. */
  guard(what: string, fn: () => void): void;
  /** Applies a logged input (inputs.ts). */
  apply(input: Input): Outcome | undefined;
  /** Logs an input, then applies it. */
  write(input: Input): Promise<void>;
}

/** `timers`: the computer's own (not inputs of the log); `start`: both seats are taken, start the match. */
export function computerHost(room: ComputerRoom, timers: RoomTimers, start: () => void): ComputerHost {
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
async function answerFor(room: ComputerRoom, seat: Seat, answer: BotAnswer): Promise<Outcome> {
  const input: Input = { k: 'msg', seat, ...room.match.messageOf(answer) };
  let outcome: Outcome = {
    ok: false,
    error: { code: 'illegal', message: `${input.type}: the server could not apply it` },
  };
  await room.journal.write(input, () => room.guard('computer answer', () => (outcome = room.apply(input)!)));
  return outcome;
}
