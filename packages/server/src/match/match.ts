// The match state machine of one room: factions → draft (RULES §5, draft-phase.ts) → rounds (commitment
// window → resolution with decision prompts → events, rounds.ts) → finished → rematch (RULES §7). It drives the engine
// and never decides an outcome itself. The seed lives only here, in server memory, until the match is over.
import { randomBytes } from 'node:crypto';
import type { ParsedMessages, ServerMessages } from '@star-eater/protocol';
import type { FactionId, MatchState, PlayerSetup, Seat } from '@star-eater/engine';
import type { BotAnswer, BotRequest } from '../bots/levels.js';
import { engine, type Draft, type InitiativeFrom } from '../engine.js';
import type { MatchEnd } from '../players/result.js';
import type { SavedRecord } from '../storage/player-store.js';
import { roomDeps } from '../deps.js';
import { AnimationWait } from './animation-wait.js';
import { keep, kept } from './kept.js';
import { DraftPhase } from './draft-phase.js';
import {
  fail,
  OK,
  SEATS,
  other,
  type CatchUp,
  type MatchHost,
  type Outcome,
  type Phases,
  type Timer,
} from './match-host.js';
import { matchEndOf, matchIdOf, ratedMessage } from './match-end.js';
import { matchRecord } from './match-record.js';
import { type CutShort, Rounds } from './rounds.js';
import { clearBoard, resetSeatForMatch, syncBoard } from '../output/sync.js';

export type { MatchHost, Outcome, Timer } from './match-host.js';

/** The two secrets a match starts from (Match.newSecrets). */
export interface MatchSecrets {
  seed: string;
  saltKey: string;
}

const EMPTY_LOG = keep([]);
const LIVE = new Set(['factions', 'draft', 'commit', 'resolving']);

export class Match implements Phases {
  private seed = '';
  /** The key of the receipt salts (receipts.ts): unlike the seed, never published, not even after the end. */
  private saltKey = '';
  private names: [string, string] = ['', ''];
  private initiative: Seat = 0;
  private initiativeFrom: InitiativeFrom = 'coin-toss';
  private drafting: DraftPhase | null = null;
  /**
   * The draft's log once the rounds began, as packed text (kept.ts; the draft itself is let go: a live match keeps
   * only what its record needs, read once at the end).
   */
  private draftLog = EMPTY_LOG;
  /** The players' setups once the rounds began, for the record at the end: packed text (kept.ts). */
  private players: string | null = null;
  private rounds: Rounds | null = null;
  /** The `ended` message of the match just over, for a client that rejoins after the end (catchUp). */
  private ended: ServerMessages['ended'] | null = null;
  /** What the stored result counted for each seat (sent after `ended` once stored; again to a client that returns). */
  private rated: ServerMessages['rated'] | null = null;
  private promptId = 0;
  private timer: Timer | null = null;
  private readonly animation: AnimationWait;

  constructor(private readonly host: MatchHost) {
    this.animation = new AnimationWait(host, host.animationCapMs);
  }

  get phase(): string {
    return this.host.state.phase;
  }
  get live(): boolean {
    return LIVE.has(this.phase);
  }
  /** The engine state at the start of the current round (null before the draft is over). */
  get match(): MatchState | null {
    return this.rounds?.state ?? null;
  }

  // ------------------------------------------------------------------ lifecycle
  /**
   * A match's fresh secrets, 256 bits each from the OS's CSPRNG: the seed (its dice, published at the end) and the
   * key of its receipt salts (never published). The room logs them with the input that starts the match (input-log.ts).
   * A test that needs a known position fixes the seed (RoomDeps.matchSeed); the salt key stays secret regardless.
   */
  static newSecrets(): MatchSecrets {
    const seed = roomDeps().matchSeed?.() ?? randomBytes(32).toString('hex');
    return { seed, saltKey: randomBytes(32).toString('hex') };
  }

  /**
   * Both seats are taken: a new match starts from its secrets (Match.newSecrets; first match, or a rematch after
   * `previousWinner`). The engine decides the initiative from the seed (RULES §5 coin toss, §7 rematch: the previous
   * loser), so the revealed seed proves it too, and the record keeps how it was decided.
   */
  start(names: [string, string], { seed, saltKey }: MatchSecrets, previousWinner: Seat | 'draw' | null = null): void {
    const st = this.host.state;
    this.names = names;
    this.seed = seed;
    this.saltKey = saltKey;
    const toss = engine.matchInitiative(this.seed, previousWinner);
    this.initiative = toss.initiative;
    this.initiativeFrom = toss.from;
    this.promptId = this.rounds?.promptId ?? this.promptId;
    this.players = null;
    this.rounds = null;
    this.draftLog = EMPTY_LOG;
    this.ended = null;
    this.rated = null;
    st.matchNo += 1;
    st.seedHash = engine.seedHash(this.seed);
    st.seed = '';
    st.winner = -1;
    st.endReason = '';
    st.recordId = '';
    st.round = 0;
    st.initiative = this.initiative;
    for (const s of st.seats) resetSeatForMatch(s);
    clearBoard(st);
    this.host.log.info({ matchNo: st.matchNo, seedHash: st.seedHash, initiative: this.initiative }, 'match started');
    this.drafting = new DraftPhase(this.host, this, this.initiative, (draft, factions) =>
      this.startRounds(draft, factions),
    );
    this.drafting.begin();
  }

  seconds(kind: 'draft' | 'commit' | 'prompt'): number {
    const s = this.host.state.settings;
    return kind === 'draft' ? s.draftSeconds : kind === 'commit' ? s.commitSeconds : s.promptSeconds;
  }

  /** Enters a phase with a timer (seconds) whose expiry takes the defaults (RULES §7). */
  enter(phase: string, turn: number, step: string, seconds: number, after?: { round: number; events: number }): void {
    const st = this.host.state;
    st.phase = phase;
    st.turn = turn;
    st.step = step;
    this.timer?.clear();
    this.timer = null;
    this.animation.cancel();
    st.deadline = 0;
    // Animation first: the timer starts once the clients have shown the events that led here.
    if (seconds > 0 && !(after && this.animation.begin(after.round, after.events, () => this.startTimer(seconds))))
      this.startTimer(seconds);
    this.host.onPhaseChange();
  }

  private startTimer(seconds: number): void {
    // The room clock (epoch ms, as the clients read it), so a test drives the deadline with the timer.
    this.host.state.deadline = this.host.now() + seconds * 1000;
    this.timer = this.host.setTimeout(() => this.onTimeout(), seconds * 1000);
  }

  /** A seat's client has animated the first `events` events of `round` (ParsedMessages['animated']). */
  animated(seat: Seat, msg: ParsedMessages['animated']): Outcome {
    return this.animation.ack(seat, msg.round, msg.events);
  }

  /** A seat's connection changed: the animation wait does not wait for a client that is gone. */
  seatDropped(): void {
    this.animation.recheck();
  }

  private onTimeout(): void {
    this.timer = null;
    this.host.log.info({ phase: this.phase, round: this.host.state.round }, 'timer ran out: taking the defaults');
    if (this.rounds) this.rounds.onTimeout();
    else this.drafting?.onTimeout();
  }

  private startRounds(draft: Draft, factions: [FactionId, FactionId]): void {
    this.draftLog = keep(draft.log);
    this.drafting = null;
    const loadouts = engine.draftLoadouts(draft)!;
    const munitions = engine.draftMunitions(draft)!;
    const st = this.host.state;
    const players = SEATS.map((seat) => ({
      name: this.names[seat],
      faction: factions[seat],
      loadout: loadouts[seat],
      munitions: munitions[seat],
    })) as unknown as [PlayerSetup, PlayerSetup];
    this.players = keep(players);
    const m = engine.createMatch({
      seed: this.seed,
      initiative: this.initiative,
      variants: {
        rangeBands: st.settings.rangeBands,
        initiativeRoll: st.settings.initiativeRoll,
        criticalHits: st.settings.criticalHits,
      },
      players,
    });
    syncBoard(st, m);
    this.rounds = new Rounds(this.host, this, m, this.promptId, this.saltKey);
    this.rounds.open();
  }

  // ------------------------------------------------------------------ messages
  chooseFaction(seat: Seat, msg: ParsedMessages['faction']): Outcome {
    return this.drafting && !this.rounds ? this.drafting.chooseFaction(seat, msg) : this.notNow('faction');
  }
  draftAction(
    seat: Seat,
    type: 'pick' | 'swap' | 'munitions',
    msg: ParsedMessages['pick' | 'swap' | 'munitions'],
  ): Outcome {
    return this.drafting && !this.rounds ? this.drafting.action(seat, type, msg) : this.notNow(type);
  }
  commit(seat: Seat, msg: ParsedMessages['commit']): Outcome {
    return this.rounds
      ? this.rounds.commit(seat, msg)
      : fail('wrong-phase', `commit: no commitment window is open (phase "${this.phase}")`);
  }
  revise(seat: Seat, msg: ParsedMessages['revise']): Outcome {
    return this.rounds
      ? this.rounds.revise(seat, msg)
      : fail('wrong-phase', `revise: no commitment window is open (phase "${this.phase}")`);
  }
  decide(seat: Seat, msg: ParsedMessages['decide']): Outcome {
    return this.rounds ? this.rounds.decide(seat, msg) : fail('wrong-phase', 'decide: no decision is asked now');
  }
  private notNow(type: string): Outcome {
    return type === 'faction'
      ? fail('wrong-phase', `faction: factions are chosen before the draft, not in phase "${this.phase}"`)
      : fail('wrong-phase', `${type}: there is no draft in phase "${this.phase}"`);
  }

  // ------------------------------------------------------------------ a computer seat (bots/bot-seat.ts)
  /** What the match asks of `seat` now, as that seat may see it, and a key that changes with every question. */
  question(seat: Seat): { key: string; request: BotRequest } | null {
    const request = this.rounds ? this.rounds.question(seat) : (this.drafting?.question(seat) ?? null);
    if (!request) return null;
    const st = this.host.state;
    const at = this.rounds
      ? `${this.rounds.state.round}:${this.rounds.promptId}`
      : `${this.drafting?.stepOf(seat) ?? 0}`;
    return { key: `${st.matchNo}:${st.phase}:${at}`, request };
  }

  /**
   * A computer seat's answer as the message a player would send for it: the room logs it as an input of
   * that seat and applies it through the same checks. A commitment or decision names the round or prompt open now;
   * if the match moves on before it is applied, it is refused like a player's late message.
   */
  messageOf(answer: BotAnswer): { type: string; value: unknown } {
    switch (answer.kind) {
      case 'faction':
        return { type: 'faction', value: { faction: answer.faction } };
      case 'draft':
        return { type: answer.action.kind === 'no-swap' ? 'swap' : answer.action.kind, value: answer.action };
      case 'commit':
        return { type: 'commit', value: { round: this.rounds?.state.round ?? 0, commitment: answer.commitment } };
      case 'decide':
        return { type: 'decide', value: { prompt: this.rounds?.promptId ?? -1, decision: answer.decision } };
    }
  }

  /** For a client that (re)joins: its private view of what it may know now. */
  catchUp(seat: Seat | null): CatchUp[] {
    const out =
      !this.rounds && this.drafting && seat !== null ? this.drafting.catchUp(seat) : (this.rounds?.catchUp(seat) ?? []);
    // After the end, the end itself (a page reloaded on the end screen shows it again), after the last events.
    if (this.phase === 'finished' && this.ended) out.push(['ended', this.ended]);
    if (this.phase === 'finished' && this.rated) out.push(['rated', this.rated]);
    return out;
  }

  // ------------------------------------------------------------------ the end (RULES §4.6, §7)
  concede(seat: Seat): Outcome {
    if (!this.live) return fail('wrong-phase', `concede: no match is being played (phase "${this.phase}")`);
    this.endEarly(seat, 'concede');
    return OK;
  }

  forfeit(seat: Seat): void {
    if (this.live) this.endEarly(seat, 'forfeit');
  }

  private endEarly(seat: Seat, reason: 'concede' | 'forfeit'): void {
    if (this.rounds) {
      this.finish(this.rounds.endEarly(seat, reason));
    } else {
      // Before the draft is over there is no match state, hence no record: the result is written alone (aborted).
      const st = this.host.state;
      st.winner = other(seat);
      st.endReason = reason;
      this.store(matchEndOf(st, { seed: this.seed, endedAt: Date.now(), rounds: 0, hasRecord: false }), null);
      this.reveal(null);
    }
  }

  /** A round ended with a winner (rounds.ts). */
  won(): void {
    this.finish();
  }

  /** The match is over (`interrupted`: the round a concede or forfeit cut short, for the record). */
  private finish(cut: CutShort = {}): void {
    const rounds = this.rounds!;
    const m = rounds.state;
    const st = this.host.state;
    syncBoard(st, m);
    st.winner = m.winner === 'draw' ? 2 : (m.winner ?? -1);
    st.endReason = m.endReason ?? '';
    // From the seed: a match rebuilt from its log after a crash (restore.ts) stores the id its clients were told.
    const id = matchIdOf(this.seed);
    st.recordId = id;
    const { record, summary } = matchRecord({
      id,
      final: m,
      seed: this.seed,
      initiative: this.initiative,
      initiativeFrom: this.initiativeFrom,
      players: kept<[PlayerSetup, PlayerSetup]>(this.players!),
      names: this.names,
      bots: [st.seats[0]!.bot, st.seats[1]!.bot],
      playerIds: [st.seats[0]!.playerId, st.seats[1]!.playerId],
      draftLog: this.drafting?.draft?.log ?? kept<Draft['log']>(this.draftLog),
      rounds: rounds.played,
      ...cut,
    });
    const end = {
      seed: this.seed,
      endedAt: Date.parse(summary.endedAt),
      rounds: rounds.playedCount,
      hasRecord: true,
    };
    this.store(matchEndOf(st, end), { summary, record });
    this.reveal(id);
  }

  /** The result, with the record when there is one, in one write (players/result.ts: rated once, or not at all). */
  private store(end: MatchEnd, saved: SavedRecord | null): void {
    const matchNo = this.host.state.matchNo;
    this.host.saveResult(end, saved).then(
      (written) => {
        // Told once stored, while the end screen of this match is up (not after a rematch began).
        if (!written || this.host.state.matchNo !== matchNo) return;
        this.rated = ratedMessage(end, written);
        this.host.broadcast('rated', this.rated);
      },
      (e: unknown) => this.host.log.error({ err: e, recordId: end.matchId }, 'storing the result failed'),
    );
  }

  /** The seed is revealed at the end (RULES §7 fair dice). */
  private reveal(recordId: string | null): void {
    const st = this.host.state;
    st.seed = this.seed;
    this.rounds?.close();
    this.enter('finished', -1, '', 0);
    this.host.log.info(
      { winner: st.winner, reason: st.endReason, recordId, rounds: this.rounds?.playedCount ?? 0 },
      'match ended',
    );
    this.ended = {
      winner: st.winner === 2 ? 'draw' : (st.winner as Seat),
      reason: st.endReason,
      seed: this.seed,
      recordId,
    };
    this.host.broadcast('ended', this.ended);
  }

  /** The winner of the match just over, for the rematch's initiative (RULES §7): a seat, 'draw', or null. */
  previousWinner(): Seat | 'draw' | null {
    const w = this.host.state.winner;
    return w === 0 || w === 1 ? w : w === 2 ? 'draw' : null;
  }

  dispose(): void {
    this.animation.cancel();
    this.timer?.clear();
    this.timer = null;
  }
}
