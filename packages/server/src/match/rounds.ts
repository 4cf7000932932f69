// The rounds of one match: the sealed commitment window (RULES §4.1), then the resolution as events with decision
// prompts on the way (RULES §4.3–4.5, §8). Sealed commitments live only here, in server memory, until both are locked.
import { hexToBytes, packMessage, type ParsedMessages, type ServerMessages } from '@star-eater/protocol';
import type { Commitment, Decision, MatchEvent, MatchState, Prompt, Seat } from '@star-eater/engine';
import type { BotRequest } from '../bots/levels.js';
import { seatState } from '../bots/seat-view.js';
import { engine, type MatchRecord, type RecordRound, type RoundProgress } from '../engine.js';
import { fail, OK, other, SEATS, type CatchUp, type MatchHost, type Outcome, type Phases } from './match-host.js';
import { keepPacked, keepRound, kept, keptRound } from './kept.js';
import { Receipts } from './receipts.js';
import { syncBoard } from '../output/sync.js';

const NONE: Commitment = { engine: 'NONE', cards: [] };

/** What a concede or forfeit left of the round it cut short, for the record's end (RULES §10). */
export interface CutShort {
  interrupted?: RecordRound;
  unrevealed?: [string | null, string | null];
}

/** Rounds this process has resolved since it started, replays included (GET /health `roundsResolved`). */
export const roundsResolved = { count: 0 };

interface Resolution {
  commitments: [Commitment, Commitment];
  receipts: NonNullable<RecordRound['receipts']>;
  decisions: Decision[];
  progress: RoundProgress & { status: 'awaiting' | 'done' };
  /** Events already sent to the clients. */
  published: number;
}

export class Rounds {
  /**
   * Every finished round, for the match record (RULES §10), as packed text (kept.ts): a live match holds its rounds
   * until its end, and the record is built once, at the end.
   */
  private readonly playedText: string[] = [];
  /** Sealed: never in the synced state, a broadcast or a log line. */
  private sealed: [Commitment | null, Commitment | null] = [null, null];
  private locked: [boolean, boolean] = [false, false];
  private resolution: Resolution | null = null;
  private roundEvents: MatchEvent[] = [];
  /**
   * The events of the last completed round, for a client that missed them (catchUp): the only history kept, as the
   * packed text of the round's `events` messages, kept as they were sent (kept.ts: read only when a client comes back;
   * packing them again was as much work as sending them).
   */
  private lastRound: string[] | null = null;
  /** The current round's `events` messages so far, packed as sent (the next lastRound). */
  private roundSent: string[] = [];
  /** This window's commit receipts (receipts.ts). */
  private readonly receipts: Receipts;
  /** The round of the last played round (its receipts are the last reveal's once it is over: lastReveal). */
  private lastPlayed = 0;
  /** The reveal of a round a concession or forfeit cut short (it is no played round). */
  private cutReveal: Reveal | null = null;

  constructor(
    private readonly host: MatchHost,
    private readonly phases: Phases,
    /** The engine state at the start of the current round. */
    public state: MatchState,
    /** Prompt ids keep counting up over rematches, so an answer to an old prompt is always stale. */
    public promptId: number,
    /** The key of the commit receipts' salts: the match's secret, never published (receipts.ts). */
    saltKey: string,
  ) {
    this.receipts = new Receipts(saltKey);
  }

  /** A new commitment window: nothing sealed, nobody locked in. */
  /** The finished rounds, for the match record. */
  get played(): MatchRecord['rounds'] {
    return this.playedText.map((r) => keptRound(r));
  }

  /** How many rounds are finished. */
  get playedCount(): number {
    return this.playedText.length;
  }

  open(after?: { round: number; events: number }): void {
    this.sealed = [null, null];
    this.locked = [false, false];
    this.resolution = null;
    this.roundEvents = [];
    this.roundSent = [];
    for (const s of this.host.state.seats) if (s.lockedIn) s.lockedIn = false;
    this.phases.enter('commit', -1, '', this.phases.seconds('commit'), after);
  }

  commit(seat: Seat, msg: ParsedMessages['commit']): Outcome {
    const phase = this.phases.phase;
    if (phase !== 'commit') return fail('wrong-phase', `commit: no commitment window is open (phase "${phase}")`);
    if (msg.round !== this.state.round)
      return fail('stale', `commit: round ${msg.round} is not the current round ${this.state.round}`);
    const v = engine.validateCommitment(this.state, seat, msg.commitment);
    if (!v.ok) return fail('illegal', `commit: ${v.error.message}`, v.error.code);
    this.sealed[seat] = v.value;
    this.locked[seat] = true;
    this.host.state.seats[seat]!.lockedIn = true;
    this.host.sendToSeat(seat, 'commitment', { round: msg.round, commitment: v.value, lockedIn: true });
    const hash = hexToBytes(this.receipts.lock(seat, v.value, msg.round));
    this.host.broadcast('receipt', { round: msg.round, seat, hash });
    if (this.locked[0] && this.locked[1]) this.resolve();
    return OK;
  }

  revise(seat: Seat, msg: ParsedMessages['revise']): Outcome {
    const phase = this.phases.phase;
    if (phase !== 'commit') return fail('wrong-phase', `revise: no commitment window is open (phase "${phase}")`);
    if (msg.round !== this.state.round)
      return fail('stale', `revise: round ${msg.round} is not the current round ${this.state.round}`);
    if (!this.locked[seat]) return fail('wrong-phase', 'revise: you are not locked in');
    this.locked[seat] = false;
    this.host.state.seats[seat]!.lockedIn = false;
    this.host.sendToSeat(seat, 'commitment', { round: msg.round, commitment: this.sealed[seat], lockedIn: false });
    this.receipts.withdraw(seat);
    this.host.broadcast('receipt', { round: msg.round, seat, hash: null });
    return OK;
  }

  /** Both locked (or the timer ran out: NONE and no cards for a seat not locked in): reveal and resolve at once. */
  private resolve(): void {
    roundsResolved.count += 1;
    const commitments = SEATS.map((s) => (this.locked[s] && this.sealed[s]) || NONE) as [Commitment, Commitment];
    this.sealed = [null, null];
    // The salts go out just before the events whose cards-revealed carries the commitments they are checked against;
    // the hashes went out at the lock-ins (the record keeps both, as hex).
    const receipts = this.receipts.reveal(this.locked);
    this.host.broadcast('receipts-revealed', revealMessage({ round: this.state.round, receipts }));
    this.resolution = { commitments, receipts, decisions: [], progress: null as never, published: 0 };
    this.advance(engine.resolveRound(this.state, commitments, []));
  }

  /**
   * Publishes the new events, then asks for the next decision or closes the round (RULES §8). The phase moves on
   * before the events go out, so one patch carries the board and the new phase (prompt or next window) and a round
   * costs each client one write: patch, then `events`, then the `prompt` if any.
   */
  private advance(p: RoundProgress): void {
    const res = this.resolution!;
    if (p.status === 'error') throw new Error(`engine refused a decision it was given: ${p.error.code}`);
    res.progress = p;
    const from = res.published;
    const fresh = from === 0 ? p.events : p.events.slice(from);
    res.published = p.events.length;
    for (const e of fresh) this.roundEvents.push(e);
    syncBoard(this.host.state, p.state);
    const events: ServerMessages['events'] = {
      round: this.state.round,
      from,
      events: fresh,
      done: p.status === 'done',
    };
    const packed = packMessage(events);
    this.roundSent.push(keepPacked(packed));
    if (p.status === 'awaiting') {
      this.promptId += 1;
      // The prompt's timer starts after the clients have animated what led to it (animation-wait.ts).
      const after = fresh.length ? { round: this.state.round, events: res.published } : undefined;
      this.phases.enter('resolving', p.prompt.seat, p.prompt.kind, this.phases.seconds('prompt'), after);
      this.host.broadcastPacked('events', packed);
      this.host.sendToSeat(p.prompt.seat, 'prompt', {
        id: this.promptId,
        round: this.state.round,
        prompt: p.prompt,
        deadline: this.host.state.deadline,
      });
      return;
    }
    const round: RecordRound = { commitments: res.commitments, decisions: res.decisions, receipts: res.receipts };
    this.playedText.push(keepRound(round));
    // Held until the next round ends: an array of its own length (one grown by push keeps room for 17).
    this.lastRound = this.roundSent.slice();
    this.lastPlayed = this.state.round;
    const after = { round: this.state.round, events: res.published };
    this.roundEvents = [];
    this.state = p.state;
    if (p.state.winner === null) this.open(after);
    this.host.broadcastPacked('events', packed);
    if (p.state.winner !== null) this.phases.won();
  }

  decide(seat: Seat, msg: ParsedMessages['decide']): Outcome {
    const res = this.resolution;
    if (this.phases.phase !== 'resolving' || res?.progress.status !== 'awaiting')
      return fail('wrong-phase', 'decide: no decision is asked now');
    if (res.progress.prompt.seat !== seat) return fail('not-your-turn', 'decide: the other player is deciding');
    if (msg.prompt !== this.promptId)
      return fail('stale', `decide: prompt ${msg.prompt} is closed; the open prompt is ${this.promptId}`);
    return this.answer(msg.decision, false);
  }

  /**
   * The engine resumes the round with one more decision (RULES §8): from the prompt it stopped at where it can (a
   * direct-fire prompt), else running the round again from its start.
   */
  private answer(decision: Decision, defaulted: boolean): Outcome {
    const res = this.resolution!;
    const p = engine.resolveRound(this.state, res.commitments, [...res.decisions, decision], res.progress);
    if (p.status === 'error') return fail('illegal', `decide: ${p.error.message}`, p.error.code);
    res.decisions.push(decision);
    const prompted = (res.progress as { prompt: Prompt }).prompt;
    this.host.sendToSeat(prompted.seat, 'prompt-closed', { id: this.promptId, defaulted });
    this.advance(p);
    return OK;
  }

  /** The timer ran out: the commitment window resolves with NONE for the late, a prompt takes its default (RULES §7). */
  onTimeout(): void {
    const phase = this.phases.phase;
    if (phase === 'commit') {
      // Said to each late seat before the reveal, so its page tells why its ship drifts (never a silent pass).
      for (const s of SEATS) if (!this.locked[s]) this.host.sendToSeat(s, 'timed-out', { step: 'orders' });
      this.resolve();
    } else if (phase === 'resolving' && this.resolution?.progress.status === 'awaiting') {
      const { prompt } = this.resolution.progress;
      this.host.sendToSeat(prompt.seat, 'timed-out', { step: prompt.kind });
      this.answer(engine.defaultDecision(prompt), true);
    }
  }

  /**
   * What the round asks of `seat` now, as that seat may see it (for a computer player), or null: a commitment while
   * the window is open and it is not locked in (never the other seat's sealed one), or the answer to its prompt (the
   * commitments are revealed by then: prompts come after the reveal, RULES §4.3).
   */
  question(seat: Seat): BotRequest | null {
    const phase = this.phases.phase;
    if (phase === 'commit') return this.locked[seat] ? null : { kind: 'commit', seat, state: seatState(this.state) };
    const p = this.resolution?.progress;
    if (phase !== 'resolving' || p?.status !== 'awaiting' || p.prompt.seat !== seat) return null;
    const { commitments, decisions } = this.resolution!;
    // To look past the prompt a bot re-runs the round from its start with the dice already rolled (public: every one
    // is in the events) and dice of its own after them.
    return {
      kind: 'decide',
      seat,
      state: seatState(p.state),
      prompt: p.prompt,
      commitments,
      start: seatState(this.state),
      decisions: [...decisions],
      rolls: [...p.rolls],
    };
  }

  /**
   * The last reveal, for a client that comes back: this round's while it resolves, else the one a concession cut
   * short, else the last played round's (kept with the played rounds, not twice).
   */
  private lastReveal(): Reveal | null {
    if (this.resolution) return { round: this.state.round, receipts: this.resolution.receipts };
    if (this.cutReveal) return this.cutReveal;
    const last = this.playedText.at(-1);
    return last ? { round: this.lastPlayed, receipts: keptRound(last).receipts! } : null;
  }

  /** The match ended outside a round (concede, forfeit): no resolution is pending any more. */
  close(): void {
    this.resolution = null;
  }

  /**
   * A seat concedes or forfeits (RULES §4.6, §7), in a commitment window or while a round resolves. The end is the
   * engine's `match-ended` event, published after whatever the clients were shown of the round (as the record's
   * replay shows it). A round cut short while it resolved goes to the record as `end.interrupted`, as far as it went,
   * with its receipts (revealed: salts too); a window cut short leaves only the hashes published for it
   * (`end.unrevealed`): those commitments were never revealed, and their salts never are.
   */
  endEarly(seat: Seat, reason: 'concede' | 'forfeit'): CutShort {
    const res = this.resolution;
    const cut = res?.progress.status === 'awaiting' ? res : null;
    const base = cut ? cut.progress.state : this.state;
    if (cut) this.cutReveal = { round: this.state.round, receipts: cut.receipts };
    this.state = reason === 'concede' ? engine.concede(base, seat) : engine.forfeit(base, seat);
    this.resolution = null;
    this.sealed = [null, null];
    const ended: MatchEvent = { type: 'match-ended', winner: other(seat), reason };
    this.roundEvents.push(ended);
    const from = cut ? cut.published : 0;
    this.host.broadcast('events', { round: this.state.round, from, events: [ended], done: true });
    if (cut)
      return { interrupted: { commitments: cut.commitments, decisions: [...cut.decisions], receipts: cut.receipts } };
    const hashes = this.receipts.hashes();
    return hashes.some(Boolean) ? { unrevealed: hashes } : {};
  }

  /**
   * For a client that (re)joins: its private view of what it may know now. Events are public once published, so every
   * client (seat or spectator) gets the last completed round's and the current round's so far, in one message, before
   * anything later; the client keeps what it has not shown. Commitments and prompts go to their own seat only.
   */
  catchUp(seat: Seat | null): CatchUp[] {
    const out: CatchUp[] = [];
    const round = this.state.round;
    if (this.roundEvents.length || this.lastRound) {
      const sofar: ServerMessages['round-so-far'] = { round, events: this.roundEvents };
      if (this.lastRound) sofar.previous = roundOf(this.lastRound);
      out.push(['round-so-far', sofar]);
    }
    // The last reveal with the hashes it is checked against (published before it, when this client was away).
    const reveal = this.lastReveal();
    if (reveal)
      out.push(
        ...receiptMessages(
          reveal.round,
          reveal.receipts.map((r) => r?.hash ?? null),
        ),
      );
    if (reveal) out.push(['receipts-revealed', revealMessage(reveal)]);
    // The window's published hashes; after the end too, when a concession cut the window short (never revealed).
    if (this.phases.phase === 'commit' || this.phases.phase === 'finished')
      out.push(...receiptMessages(round, this.receipts.hashes()));
    if (seat === null) return out;
    if (this.phases.phase === 'commit' && this.sealed[seat]) {
      out.push(['commitment', { round, commitment: this.sealed[seat], lockedIn: this.locked[seat] }]);
    }
    const p = this.resolution?.progress;
    if (this.phases.phase === 'resolving' && p?.status === 'awaiting' && p.prompt.seat === seat) {
      out.push(['prompt', { id: this.promptId, round, prompt: p.prompt, deadline: this.host.state.deadline }]);
    }
    return out;
  }
}

/** A round's events from its `events` messages as sent (kept.ts), for a catch-up's `previous`. */
function roundOf(sent: readonly string[]): NonNullable<ServerMessages['round-so-far']['previous']> {
  const parts = sent.map((text) => kept<ServerMessages['events']>(text));
  return { round: parts[0]!.round, events: parts.flatMap((m) => m.events) };
}

/** A round's reveal: its receipts (hash and salt, hex; null for a seat that never locked in). */
type Reveal = { round: number; receipts: NonNullable<RecordRound['receipts']> };

/** The reveal as sent: the salts alone, as bytes (the hashes went out at the lock-ins). */
function revealMessage(r: Reveal) {
  const salt = (s: Seat) => (r.receipts[s] ? hexToBytes(r.receipts[s].salt) : null);
  return { round: r.round, salts: [salt(0), salt(1)] } satisfies ServerMessages['receipts-revealed'];
}

/** A `receipt` message for each seat with a hash (hex) in `round`. */
function receiptMessages(round: number, hashes: readonly (string | null)[]): CatchUp[] {
  const out: CatchUp[] = [];
  for (const [s, hash] of hashes.entries()) {
    if (hash) out.push(['receipt', { round, seat: s as Seat, hash: hexToBytes(hash) }]);
  }
  return out;
}
