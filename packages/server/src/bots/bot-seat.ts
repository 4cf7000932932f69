// A computer player in a seat: it answers whatever the match asks of its seat, through the same checks as
// a player's message, so its lock-in and its choices show exactly as a human's. Its search runs on the bot pool's
// threads; its timing runs on the room clock (a test drives it): it answers after a short natural pause, or when its
// thinking is done if that takes longer, and never later than `thinkMs` + the longest pause — then, as when its
// thread fails, it takes the RULES §7 time-out default, and says so in the log.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createRng, type Commitment, type Rng, type Seat } from '@star-eater/engine';
import { engine } from '../engine.js';
import type { Outcome, Timer } from '../match/match-host.js';
import { DEFAULT_FACTION } from '../match/draft-phase.js';
import { defaultBudget, type BotAnswer, type BotLevel, type BotRequest } from './levels.js';
import type { BotPool, BotResult } from './pool.js';

export interface BotSettings {
  pool: BotPool;
  /** The natural pause before the computer acts, ms, uniform in [min, max] (room clock). */
  pauseMs: [number, number];
  /** The longest its thinking may take past the longest pause before the default is taken, ms (room clock). */
  thinkMs: number;
  /** Search effort per level (default: the bots' defaultBudget). */
  budget?: Partial<Record<BotLevel, number>>;
}

/** What a computer seat needs of its room. */
export interface BotSeatHost {
  question(seat: Seat): { key: string; request: BotRequest } | null;
  /** Gives the answer as the seat's message: logged (the room's input log), then applied; its outcome. */
  answer(seat: Seat, answer: BotAnswer): Promise<Outcome>;
  /** A room-clock timer. */
  setTimeout(fn: () => void, ms: number): Timer;
  /** Runs a step of the room (its guard: errors logged, changes sent). */
  step(what: string, fn: () => void): void;
  log: Logger;
}

const NONE: Commitment = { engine: 'NONE', cards: [] };

/** The RULES §7 time-out default for a question. */
export function timeoutAnswer(r: BotRequest): BotAnswer {
  switch (r.kind) {
    case 'faction':
      return { kind: 'faction', faction: DEFAULT_FACTION };
    case 'draft': {
      const action = engine.defaultDraftAction(r.draft, r.seat);
      if (!action) throw new Error('draft: the seat has no legal action');
      return { kind: 'draft', action };
    }
    case 'commit':
      return { kind: 'commit', commitment: NONE };
    case 'decide':
      return { kind: 'decide', decision: engine.defaultDecision(r.prompt) };
  }
}

interface Turn {
  key: string;
  request: BotRequest;
  answer: BotAnswer | null;
  /** Why the search gave no answer (its thread failed, the pool closed). */
  failure: string | null;
  paused: boolean;
  done: boolean;
  timers: Timer[];
  startedAt: number;
  /** Aborted once the answer is no longer wanted: a job still queued in the pool is dropped. */
  wanted: AbortController;
}

export class BotSeat {
  /** The bot's own seeded generator (its pauses, its search seeds): never the match's. */
  private rng: Rng;
  private readonly seed = randomBytes(12).toString('hex');
  private asked = 0;
  private turn: Turn | null = null;
  private poked = false;
  private disposed = false;
  /** Answers given, and how many were the time-out default (for logs and tests). */
  readonly counts = { answers: 0, defaults: 0 };
  /**
   * A commitment the computer failed to make, told in the log only once the match asks something else: "took the
   * default" before the reveal would tell a log reader its sealed commitment (NONE, no cards; RULES §7).
   */
  private heldNote: { key: string; note: Record<string, unknown> } | null = null;

  constructor(
    readonly seat: Seat,
    readonly level: BotLevel,
    private readonly settings: BotSettings,
    private readonly host: BotSeatHost,
  ) {
    this.rng = createRng(this.seed);
  }

  /** The match may be asking this seat something: look after the current step (never inside it). */
  poke(): void {
    if (this.poked || this.disposed) return;
    this.poked = true;
    queueMicrotask(() => {
      this.poked = false;
      if (!this.disposed) this.host.step('bot', () => this.look());
    });
  }

  /** The question being thought about, and whether its answer is in (tests and the bench read it). */
  get thinking(): { key: string; kind: BotRequest['kind']; answered: boolean } | null {
    const t = this.turn;
    return t && !t.done ? { key: t.key, kind: t.request.kind, answered: !!(t.answer || t.failure) } : null;
  }

  private look(): void {
    const q = this.host.question(this.seat);
    if (q && q.key !== this.heldNote?.key) this.tellHeldNote();
    if (!q || q.key === this.turn?.key) return;
    this.drop();
    const [min, max] = this.settings.pauseMs;
    const pause = min + (max > min ? this.rng.int(max - min + 1) : 0);
    const t: Turn = {
      ...q,
      answer: null,
      failure: null,
      paused: false,
      done: false,
      timers: [],
      startedAt: performance.now(),
      wanted: new AbortController(),
    };
    this.turn = t;
    t.timers.push(
      this.host.setTimeout(() => {
        t.paused = true;
        this.settle(t);
      }, pause),
      this.host.setTimeout(() => {
        t.failure ??= `no answer within ${this.settings.thinkMs + max} ms`;
        t.paused = true;
        this.settle(t);
      }, this.settings.thinkMs + max),
    );
    const budget = this.settings.budget?.[this.level] ?? defaultBudget(this.level);
    this.settings.pool
      .run(
        { level: this.level, request: q.request, options: { seed: `${this.seed}:${++this.asked}`, budget } },
        t.wanted.signal,
      )
      .then(
        (r: BotResult) => {
          t.answer = r.answer;
          this.host.step('bot answer', () => this.settle(t));
        },
        (e: Error) => {
          t.failure ??= e.message.split('\n')[0] ?? 'the bot failed';
          this.host.step('bot failure', () => this.settle(t));
        },
      );
  }

  /** Acts once the pause is over and the answer (or the failure) is in. */
  private settle(t: Turn): void {
    if (t.done || this.turn !== t || !t.paused || (!t.answer && !t.failure)) return;
    t.done = true;
    for (const x of t.timers) x.clear();
    t.wanted.abort();
    if (this.host.question(this.seat)?.key !== t.key) {
      this.poke(); // the match moved on (a timer, a concede): look at what it asks now
      return;
    }
    this.act(t).catch((err: unknown) => {
      // The log could not be written (the room is being given up, or its storage failed): nothing was applied.
      this.host.log.warn({ seat: this.seat, bot: this.level, key: t.key, err }, 'the computer could not answer');
    });
  }

  /** Answers (the search's answer, or the RULES §7 default when it gave none or it was refused), then looks again. */
  private async act(t: Turn): Promise<void> {
    const log = { seat: this.seat, bot: this.level, kind: t.request.kind, key: t.key };
    let outcome: Outcome | null = null;
    if (t.answer && !t.failure) {
      outcome = await this.host.answer(this.seat, t.answer);
      // The code only: a refusal's words may name the cards of a commitment still sealed.
      if (!outcome.ok) this.host.log.error({ ...log, code: outcome.error.code }, 'the computer answered illegally');
    } else if (t.request.kind === 'commit') this.heldNote = { key: t.key, note: { ...log, reason: t.failure } };
    else this.host.log.warn({ ...log, reason: t.failure }, 'the computer failed to answer: taking the default');
    if (this.disposed) return;
    if (!outcome?.ok) {
      this.counts.defaults += 1;
      const fallback = await this.host.answer(this.seat, timeoutAnswer(t.request));
      if (!fallback.ok) this.host.log.error({ ...log, code: fallback.error.code }, 'the default was refused');
    }
    this.counts.answers += 1;
    this.host.log.debug({ ...log, ms: Math.round(performance.now() - t.startedAt) }, 'the computer answered');
    this.poke();
  }

  /** Forgets the question being thought about (its answer, if any comes, is dropped). */
  private drop(): void {
    const t = this.turn;
    if (!t) return;
    t.done = true;
    for (const x of t.timers) x.clear();
    t.wanted.abort();
    this.turn = null;
  }

  private tellHeldNote(): void {
    if (this.heldNote) this.host.log.warn(this.heldNote.note, 'the computer failed to answer: took the default');
    this.heldNote = null;
  }

  dispose(): void {
    this.disposed = true;
    this.drop();
    this.tellHeldNote();
  }
}
