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
import type { RoomDeps } from '../deps.js';
import type { MatchStart } from './match-start.js';

/** A room's computer and its own timers (not inputs of the log). */
interface ComputerHere {
  computer: Computer;
  timers: RoomTimers;
}

/**
 * The computer opponent and quick match's offer to play it (computer.ts), made when first asked for and let go while
 * idle (a room of two players has none), with its own timers (its offer's wait, its pause and deadline) on the room
 * clock, apart from the match's: they are not inputs of the log, and the match's timer ids (which a replay names)
 * stay the same with or without a computer.
 */
export class RoomComputer {
  private here: ComputerHere | null = null;

  constructor(
    private readonly room: RoomParts,
    private readonly deps: Pick<RoomDeps, 'bots' | 'botOfferSeconds'>,
    /** Both seats are taken: the match starts (match-start.ts). */
    private readonly start: MatchStart,
  ) {}

  /** The computer, made now if the room has none. */
  get computer(): Computer {
    this.here ??= makeComputer(this.room, this.deps.bots, this.deps.botOfferSeconds, () => this.start.soon());
    return this.here.computer;
  }

  /** The computer if the room has one now, without making one. */
  get made(): Computer | null {
    return this.here?.computer ?? null;
  }

  /** Runs the computer's timers that are due on the room clock. */
  check(): void {
    this.here?.timers.check();
  }

  /** An idle computer goes; asked again, it is made afresh. */
  letGoIfIdle(): void {
    if (this.here?.computer.idle) this.dispose();
  }

  dispose(): void {
    this.here?.computer.dispose();
    this.here?.timers.dispose();
    this.here = null;
  }
}

function makeComputer(
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
