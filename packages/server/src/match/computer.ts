// The computer in a room: a practice match against it (create with `bot`), and quick match's offer to
// play it instead of waiting on (opt-in: the waiting player is asked, never swapped silently). The computer sits in
// a seat like a player (SeatState: taken, connected, its level in `bot`, named "Computer (level)"); its moves are
// bots/bot-seat.ts. Like a player's, all of it goes through the room's input log: the seat it takes, the
// offer, and every answer as the message of its seat — so a restored room seats it again and it plays on.
import type { Logger } from 'pino';
import { PRACTICE_LEVELS, type PracticeLevel, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import { BotSeat, type BotSettings } from '../bots/bot-seat.js';
import type { BotAnswer, BotLevel } from '../bots/levels.js';
import type { Match } from './match.js';
import { fail, OK, type Outcome, type Timer } from './match-host.js';
import type { MatchRoomState } from '../output/state.js';

export interface ComputerHost {
  state: MatchRoomState;
  log: Logger;
  match(): Match;
  setTimeout(fn: () => void, ms: number): Timer;
  step(what: string, fn: () => void): void;
  sendOffer(seat: Seat, msg: ServerMessages['computer-offer']): void;
  /** Both seats are taken: start the match (not while the log is replayed: its own start input follows). */
  start(): void;
  /** Logs the computer's answer as a message of its seat, then applies it: its outcome. */
  answer(seat: Seat, answer: BotAnswer): Promise<Outcome>;
  /** Logs the offer to the waiting seat, then makes it (the `offer` input: this.offer). */
  logOffer(seat: Seat): void;
}

export const computerName = (level: BotLevel): string => `Computer (${level})`;

export class Computer {
  private bot: BotSeat | null = null;
  private offerTimer: Timer | null = null;
  private offered = false;
  private declined = false;

  constructor(
    private readonly host: ComputerHost,
    /** null: this process plays no computer (the offer is never made, a practice match is refused). */
    private readonly settings: BotSettings | null,
    /** Quick match: seconds of waiting before the offer; 0 never offers. */
    private readonly offerSeconds: number,
  ) {}

  /** The computer seat, if any (tests and the bench read its counts). */
  get seat(): BotSeat | null {
    return this.bot;
  }

  /** Input `computer`: the computer takes `seat` (an empty one). */
  sit(seat: Seat, level: BotLevel, name = computerName(level)): void {
    if (!this.settings) throw new Error('this server plays no computer opponent');
    this.settings.pool.warm();
    const s = this.host.state.seats[seat]!;
    if (s.taken) throw new Error(`input log: seat ${seat} is taken twice`);
    s.name = name;
    s.bot = level;
    s.taken = true;
    s.connected = true;
    const match = () => this.host.match();
    this.bot = new BotSeat(seat, level, this.settings, {
      question: (x) => match().question(x),
      answer: (x, a) => this.host.answer(x, a),
      setTimeout: (fn, ms) => this.host.setTimeout(fn, ms),
      step: (what, fn) => this.host.step(what, fn),
      log: this.host.log,
    });
    this.host.log.info({ seat, bot: level }, 'the computer takes a seat');
  }

  /**
   * Nothing seated, no offer waited for, made or declined: a computer made afresh is the same, so the room may let
   * this one go (MatchRoom makes one only when asked).
   */
  get idle(): boolean {
    return !this.bot && !this.offerTimer && !this.offered && !this.declined;
  }

  /** The match asks something new: the computer looks whether it is its turn. */
  onPhaseChange(): void {
    this.bot?.poke();
  }

  /** A player sat down in a quick-match room: if nobody comes within the wait, offer the computer. */
  waitingAlone(seat: Seat): void {
    const st = this.host.state;
    if (!this.settings || this.offerSeconds <= 0 || st.settings.private || this.offered || this.declined) return;
    this.offerTimer?.clear();
    this.offerTimer = this.host.setTimeout(() => {
      this.offerTimer = null;
      if (st.phase !== 'waiting' || !st.seats[seat]?.taken || st.seats.every((x) => x.taken)) return;
      this.host.logOffer(seat);
    }, this.offerSeconds * 1000);
  }

  /** Input `offer`: nobody came within the wait; the waiting seat is offered the computer. */
  offer(seat: Seat): void {
    this.offered = true;
    this.host.log.info({ seat, waitedSeconds: this.offerSeconds }, 'nobody came: offering the computer');
    this.host.sendOffer(seat, { levels: [...PRACTICE_LEVELS], waitedSeconds: this.offerSeconds });
  }

  /**
   * The waiting player is back after a restore: an offer it had not answered is made again; otherwise the wait for
   * one starts over (none if it declined).
   */
  resume(seat: Seat): void {
    const st = this.host.state;
    if (!this.offered) this.waitingAlone(seat);
    else if (st.phase === 'waiting' && !st.seats.every((x) => x.taken))
      this.host.sendOffer(seat, { levels: [...PRACTICE_LEVELS], waitedSeconds: this.offerSeconds });
  }

  /** Both seats are taken (or the room empties): no offer any more. */
  cancelOffer(): void {
    this.offerTimer?.clear();
    this.offerTimer = null;
  }

  /** The waiting player accepts the offer: the computer takes the empty seat and the match starts. */
  accept(seat: Seat, level: PracticeLevel): Outcome {
    const st = this.host.state;
    if (!this.offered) return fail('wrong-phase', 'play-computer: there is no offer to play the computer here');
    const free = st.seats.findIndex((s) => !s.taken) as Seat | -1;
    if (st.phase !== 'waiting' || free === -1)
      return fail('wrong-phase', 'play-computer: an opponent has already joined this match');
    this.offered = false;
    this.host.log.info({ seat, bot: level }, 'the waiting player plays the computer instead');
    this.sit(free, level);
    this.host.start();
    return OK;
  }

  /** The waiting player keeps waiting for a person: the offer is not made again in this room. */
  decline(seat: Seat): Outcome {
    if (!this.offered) return fail('wrong-phase', 'decline-computer: there is no offer to decline');
    this.offered = false;
    this.declined = true;
    this.host.log.info({ seat }, 'the waiting player declines the computer');
    return OK;
  }

  /** A player asks for a rematch: the computer always agrees. */
  agreeRematch(): void {
    if (this.bot) this.host.state.seats[this.bot.seat]!.rematch = true;
  }

  dispose(): void {
    this.cancelOffer();
    this.bot?.dispose();
  }
}
