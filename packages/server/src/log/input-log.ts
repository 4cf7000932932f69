// The write-ahead log of one room: every accepted input goes to storage before the room acts on it or
// acknowledges it, so another process (or this one, restarted) rebuilds the match by replaying the log through the
// same code (restore.ts). Inputs are the room's only sources of change: seats taken and left, client messages and
// the computer's answers (as the messages of its seat), timer expiries, and the random seeds (drawn once, here, and
// logged). Sealed ones (a commitment — the computer's too —, a seed, a salt key) are never put in a log line or served
// by any API: the log is read back only by restore.ts.
import { createHash } from 'node:crypto';
import type { Seat } from '@star-eater/engine';
import type { BotLevel } from '../bots/levels.js';
import { LeaseLost, type Storage } from '../storage/types.js';

/** One accepted input. Short keys: there is one row per input of every live match. */
export type Input =
  /**
   * A player took a seat (tok: SHA-256 of the reconnection token it was given; sid: its Colyseus session; pid and
   * rating: the player its session token proved, and their rating then — absent for a guest).
   */
  | { k: 'seat'; seat: Seat; name: string; sid: string; tok: string; pid?: string; rating?: number }
  /** The seat's connection changed (a reconnection): its new session and token hash. */
  | { k: 'token'; seat: Seat; sid: string; tok: string }
  /** The computer takes a seat (a practice match, or quick match's offer accepted), at its level. */
  | { k: 'computer'; seat: Seat; level: BotLevel; name: string }
  /** Quick match offered the waiting player the computer (its wait ran out: computer.ts). */
  | { k: 'offer'; seat: Seat }
  /**
   * The first match starts from its secrets (Match.newSecrets): the seed and the key of its receipt salts (absent from
   * a log written before the salts had a key of their own: they came from the seed then).
   */
  | { k: 'start'; seed: string; saltKey?: string }
  /** A validated client message of a seat; a rematch carries the secrets its match would start from. */
  | { k: 'msg'; seat: Seat; type: string; value: unknown; seed?: string; saltKey?: string }
  /** The room timer `id` ran out. */
  | { k: 'timer'; id: number }
  /** A seat's connection dropped (held: the reconnection budget runs), came back, or left for good. */
  | { k: 'drop'; seat: Seat }
  | { k: 'back'; seat: Seat }
  | { k: 'leave'; seat: Seat }
  /** The room was restored after `shift` ms of downtime: its timers moved on by that much. */
  | { k: 'resume'; shift: number };

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export class InputLog {
  private seq = 0;
  private tail: Promise<void> | null = null;
  /** The room clock of the input being applied (its `at`): deadlines computed from it replay exactly. */
  at: number | null = null;
  lastAt = 0;
  /** Another process took the room over (an append was refused, or the lease ran out): nothing is written or applied. */
  lost = false;

  constructor(
    private readonly store: Storage | null,
    readonly roomId: string,
    /** This process' name as the room's owner (the appends are fenced on it: storage/types.ts). */
    private readonly owner: string,
    private readonly now: () => number,
    /** Called once, when an append is refused because the room is another process' now. */
    private readonly onLost: () => void,
  ) {}

  /** A restored log: numbering goes on after its last entry. */
  continueAfter(seq: number, at: number): void {
    this.seq = seq;
    this.lastAt = at;
  }

  get count(): number {
    return this.seq;
  }

  /**
   * Appends `input`, then applies it once committed (in log order: an input waits for the earlier ones); the returned
   * promise settles once it was applied. Without a store (INPUT_LOG=off), or with one that appends at once, it
   * applies at once and returns nothing (or a rejection: the append failed). A
   * failed append applies nothing; one refused because the room was taken over (LeaseLost) also gives the room up
   * (onLost), and so do the writes queued behind it.
   */
  write(input: Input, apply: () => void): Promise<void> | undefined {
    if (!this.store) return void this.run(this.now(), apply);
    if (this.store.appendNow && this.tail === null) return this.writeNow(this.store.appendNow, input, apply);
    const go = (): Promise<void> => {
      if (this.lost) return Promise.reject(new LeaseLost(this.roomId));
      const at = this.now();
      let written: Promise<void>;
      try {
        written = this.store!.append(this.roomId, this.owner, ++this.seq, at, JSON.stringify(input));
      } catch (err) {
        return this.refused(err);
      }
      return written.then(
        () => (this.lost ? Promise.reject(new LeaseLost(this.roomId)) : this.run(at, apply)),
        (err: unknown) => this.refused(err),
      );
    };
    const tail = this.tail;
    return this.follow(tail === null ? go() : tail.then(go, go));
  }

  /**
   * A store that appends at once (types.ts appendNow): the input is applied in the same turn, as without a log, once
   * it is kept: no promise, no wait for the turn's end (docs/benchmarks.md "The input log's cost"). Returns nothing once
   * applied, a rejection if the append failed (nothing applied).
   */
  private writeNow(appendNow: NonNullable<Storage['appendNow']>, input: Input, apply: () => void) {
    if (this.lost) return Promise.reject(new LeaseLost(this.roomId));
    const at = this.now();
    try {
      appendNow(this.roomId, this.owner, ++this.seq, at, JSON.stringify(input));
    } catch (err) {
      return this.refused(err);
    }
    this.run(at, apply);
    return undefined;
  }

  private refused(err: unknown): Promise<never> {
    if (err instanceof LeaseLost) this.lose();
    return Promise.reject(err);
  }

  /** The room is another process' now: from here on nothing is written or applied (once). */
  lose(): void {
    if (this.lost) return;
    this.lost = true;
    this.onLost();
  }

  /** Resolves once every write so far has settled (either way). */
  settled(): Promise<void> {
    return (this.tail ?? Promise.resolve()).then(
      () => {},
      () => {},
    );
  }

  private follow(p: Promise<void>): Promise<void> {
    const t = p.finally(() => {
      if (this.tail === t) this.tail = null;
    });
    t.catch(() => {}); // the caller has `p`: the failure is its to handle (a write queued behind sees it too)
    this.tail = t;
    return p;
  }

  /** Applies an input as of `at` (live, just written; or replayed from the log by restore.ts). */
  run(at: number, apply: () => void): void {
    const outer = this.at;
    this.at = at;
    this.lastAt = at;
    try {
      apply();
    } finally {
      this.at = outer;
    }
  }
}
