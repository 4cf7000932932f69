// The room as the computer sees it (computer.ts' ComputerHost): the computer's timers on the room clock, its offer
// sent to the waiting seat, and every answer written to the log as the message of its seat, then applied like a
// player's (client-messages.ts) — so a restored room replays the computer's moves as it replays a player's. One
// object with its methods on the prototype: a room makes it only when the computer sits or may be offered.
import type { Logger } from 'pino';
import type { ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import type { BotAnswer } from '../bots/levels.js';
import type { BotSettings } from '../bots/bot-seat.js';
import { Computer, type ComputerHost } from './computer.js';
import type { Input } from '../log/input-log.js';
import type { Match, Outcome } from './match.js';
import type { Timer } from './match-host.js';
import type { MatchRoomState } from '../output/state.js';
import { sendTo } from '../output/room-output.js';
import { RoomTimers } from '../room/room-timers.js';
import type { RoomParts } from '../room/room-parts.js';

/** A room's computer and its own timers (not inputs of the log), made when first asked for (MatchRoom.computer). */
export interface ComputerHere {
  computer: Computer;
  timers: RoomTimers;
}

export function makeComputer(
  room: RoomParts,
  bots: BotSettings | null,
  offerSeconds: number,
  start: () => void,
): ComputerHere {
  const timers = new RoomTimers({
    clockNow: () => room.clockNow(),
    timerDue: (_id, fire) => room.guard('computer', fire),
  });
  return { computer: new Computer(new RoomComputerHost(room, timers, start), bots, offerSeconds), timers };
}

class RoomComputerHost implements ComputerHost {
  constructor(
    private readonly room: RoomParts,
    /** The computer's own timers (not inputs of the log). */
    private readonly timers: RoomTimers,
    /** Both seats are taken: start the match. */
    private readonly startMatch: () => void,
  ) {}

  get state(): MatchRoomState {
    return this.room.state;
  }
  get log(): Logger {
    return this.room.log;
  }
  match(): Match {
    return this.room.match;
  }
  setTimeout(fn: () => void, ms: number): Timer {
    return this.timers.add(fn, ms);
  }
  step(what: string, fn: () => void): void {
    this.room.guard(what, fn);
  }
  sendOffer(seat: Seat, msg: ServerMessages['computer-offer']): void {
    const c = this.room.seats.clients[seat];
    if (c) sendTo(c, 'computer-offer', msg);
  }
  start(): void {
    if (!this.room.journal.replaying) this.startMatch();
  }
  answer(seat: Seat, answer: BotAnswer): Promise<Outcome> {
    return answerFor(this.room, seat, answer);
  }
  logOffer(seat: Seat): void {
    this.room.write({ k: 'offer', seat }).catch(() => {}); // logged by the journal
  }
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
