// The match state machine of one room (issue 4): factions → draft (RULES §5) → rounds (commitment window →
// resolution with decision prompts → events) → finished → rematch. It drives the engine and never decides an outcome
// itself. Sealed commitments and the seed live only here, in server memory, until they are revealed.
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { ClientMessages, ErrorMessage, ServerMessages } from '@star-eater/protocol';
import type { MatchEvent } from '@star-eater/engine';
import type { Commitment, Decision, FactionId, MatchState, PlayerSetup, Prompt, Seat } from '@star-eater/engine';
import { engine, toDraftAction, type Draft, type DraftAction, type MatchRecord, type RoundProgress } from '../engine.js';
import type { RecordSummary } from '../storage/types.js';
import { clearBoard, resetSeatForMatch, syncBoard } from './sync.js';
import { syncDraft } from './draft-view.js';
import type { MatchRoomState } from './state.js';

export type Outcome = { ok: true } | { ok: false; error: Omit<ErrorMessage, 'type'> };
const OK: Outcome = { ok: true };
const fail = (code: ErrorMessage['code'], message: string, detail?: string): Outcome => ({
  ok: false,
  error: detail ? { code, message, detail } : { code, message },
});

export interface Timer {
  clear(): void;
}

/** What the match needs from its room. */
export interface MatchHost {
  state: MatchRoomState;
  log: Logger;
  /** Room clock, ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): Timer;
  sendToSeat<K extends keyof ServerMessages>(seat: Seat, type: K, msg: ServerMessages[K]): void;
  broadcast<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void;
  saveRecord(summary: RecordSummary, record: MatchRecord): Promise<void>;
  onPhaseChange(): void;
}

const NONE: Commitment = { engine: 'NONE', cards: [] };
const SEATS = [0, 1] as const;
const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

interface Resolution {
  commitments: [Commitment, Commitment];
  decisions: Decision[];
  progress: RoundProgress & { status: 'awaiting' | 'done' };
  published: number;
}

export class Match {
  private seed = '';
  private names: [string, string] = ['', ''];
  private factions: [FactionId | null, FactionId | null] = [null, null];
  private draft: Draft | null = null;
  private setup: Parameters<typeof engine.createMatch>[0] | null = null;
  private match: MatchState | null = null;
  private rounds: MatchRecord['rounds'] = [];
  /** Sealed: never in the synced state, a broadcast or a log line. */
  private sealed: [Commitment | null, Commitment | null] = [null, null];
  private locked: [boolean, boolean] = [false, false];
  private resolution: Resolution | null = null;
  private roundEvents: MatchEvent[] = [];
  private promptId = 0;
  private timer: Timer | null = null;
  private initiative: Seat = 0;
  private recordId: string | null = null;

  constructor(private readonly host: MatchHost) {}

  get phase(): string {
    return this.host.state.phase;
  }
  get live(): boolean {
    return ['factions', 'draft', 'commit', 'resolving'].includes(this.phase);
  }

  // ------------------------------------------------------------------ lifecycle
  /** Both seats are taken: a new match starts (first match or rematch). */
  start(names: [string, string], initiative?: Seat): void {
    const st = this.host.state;
    this.names = names;
    this.seed = randomBytes(32).toString('hex');
    // The coin toss comes from the seed, so the revealed seed proves it too.
    this.initiative = initiative ?? ((createHash('sha256').update(`${this.seed}:coin`).digest()[0]! & 1) as Seat);
    this.factions = [null, null];
    this.draft = null;
    this.setup = null;
    this.match = null;
    this.rounds = [];
    this.sealed = [null, null];
    this.locked = [false, false];
    this.resolution = null;
    this.roundEvents = [];
    this.recordId = null;
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
    this.enter('factions', -1, '', this.seconds('draft'));
  }

  private seconds(kind: 'draft' | 'commit' | 'prompt'): number {
    const s = this.host.state.settings;
    return kind === 'draft' ? s.draftSeconds : kind === 'commit' ? s.commitSeconds : s.promptSeconds;
  }

  /** Enters a phase with a timer (seconds) whose expiry calls onTimeout. */
  private enter(phase: string, turn: number, step: string, seconds: number): void {
    const st = this.host.state;
    st.phase = phase;
    st.turn = turn;
    st.step = step;
    this.timer?.clear();
    this.timer = null;
    if (seconds > 0) {
      st.deadline = Date.now() + seconds * 1000;
      this.timer = this.host.setTimeout(() => this.onTimeout(), seconds * 1000);
    } else st.deadline = 0;
    this.host.onPhaseChange();
  }

  private onTimeout(): void {
    this.timer = null;
    const phase = this.phase;
    this.host.log.info({ phase, round: this.host.state.round }, 'timer ran out: taking the defaults');
    if (phase === 'factions') {
      for (const seat of SEATS) if (!this.factions[seat]) this.factions[seat] = 'fpa';
      this.afterFactions();
    } else if (phase === 'draft' && this.draft) {
      for (const seat of engine.draftTurn(this.draft).seats) {
        if (this.phase !== 'draft') break;
        const action = engine.defaultDraftAction(this.draft, seat);
        if (action) this.applyDraft(seat, action, true);
      }
    } else if (phase === 'commit') {
      this.resolve();
    } else if (phase === 'resolving' && this.resolution?.progress.status === 'awaiting') {
      const prompt = this.resolution.progress.prompt;
      this.answer(engine.defaultDecision(prompt), true);
    }
  }

  // ------------------------------------------------------------------ factions and draft
  chooseFaction(seat: Seat, msg: ClientMessages['faction']): Outcome {
    if (this.phase !== 'factions') return fail('wrong-phase', `faction: factions are chosen before the draft, not in phase "${this.phase}"`);
    if (this.factions[seat]) return fail('wrong-phase', 'faction: you have already chosen your faction');
    this.factions[seat] = msg.faction;
    this.host.state.seats[seat]!.faction = msg.faction;
    if (this.factions[0] && this.factions[1]) this.afterFactions();
    return OK;
  }

  private afterFactions(): void {
    const f = this.factions as [FactionId, FactionId];
    f.forEach((fa, i) => (this.host.state.seats[i]!.faction = fa));
    this.draft = engine.createDraft(f, this.initiative);
    this.nextDraftTurn();
  }

  private nextDraftTurn(): void {
    const draft = this.draft!;
    syncDraft(this.host.state, draft);
    const turn = engine.draftTurn(draft);
    if (turn.stage === 'done') return this.startRounds();
    // The munitions step is simultaneous: one timer for both; a pick or swap gets a fresh timer each.
    if (this.phase === 'draft' && turn.stage === 'munitions' && this.host.state.step === 'munitions') return;
    this.enter('draft', turn.seat ?? -1, turn.stage, this.seconds('draft'));
  }

  draftAction(seat: Seat, type: 'pick' | 'swap' | 'munitions', msg: ClientMessages['pick' | 'swap' | 'munitions']): Outcome {
    if (this.phase !== 'draft' || !this.draft) return fail('wrong-phase', `${type}: there is no draft in phase "${this.phase}"`);
    const turn = engine.draftTurn(this.draft);
    if (turn.stage !== type) return fail('wrong-phase', `${type}: the draft is at the "${turn.stage}" step`);
    if (!turn.seats.includes(seat)) {
      return fail('not-your-turn', turn.seat !== null ? `${type}: it is seat ${turn.seat}'s turn to ${turn.stage}` : `${type}: you have already placed your munitions`);
    }
    return this.applyDraft(seat, toDraftAction(type, msg), false);
  }

  private applyDraft(seat: Seat, action: DraftAction, defaulted: boolean): Outcome {
    const r = engine.applyDraftAction(this.draft!, seat, action);
    if (!r.ok) return fail('illegal', `${action.kind}: ${r.error.message}`, r.error.code);
    this.draft = r.value;
    if (defaulted) this.host.log.info({ seat, stage: action.kind }, 'draft default taken');
    this.nextDraftTurn();
    return OK;
  }

  private startRounds(): void {
    const loadouts = engine.draftLoadouts(this.draft!)!;
    const munitions = engine.draftMunitions(this.draft!)!;
    const st = this.host.state;
    this.setup = {
      seed: this.seed,
      initiative: this.initiative,
      variants: { rangeBands: st.settings.rangeBands, initiativeRoll: st.settings.initiativeRoll, criticalHits: st.settings.criticalHits },
      players: SEATS.map((seat) => ({
        name: this.names[seat],
        faction: this.factions[seat]!,
        loadout: loadouts[seat],
        munitions: munitions[seat],
      })) as unknown as [PlayerSetup, PlayerSetup],
    };
    this.match = engine.createMatch(this.setup);
    syncBoard(st, this.match);
    this.openCommitWindow();
  }

  // ------------------------------------------------------------------ commitments (RULES §4.1)
  private openCommitWindow(): void {
    this.sealed = [null, null];
    this.locked = [false, false];
    this.resolution = null;
    this.roundEvents = [];
    for (const s of this.host.state.seats) s.lockedIn = false;
    this.enter('commit', -1, '', this.seconds('commit'));
  }

  commit(seat: Seat, msg: ClientMessages['commit']): Outcome {
    if (this.phase !== 'commit' || !this.match) return fail('wrong-phase', `commit: no commitment window is open (phase "${this.phase}")`);
    if (msg.round !== this.match.round) return fail('stale', `commit: round ${msg.round} is not the current round ${this.match.round}`);
    const v = engine.validateCommitment(this.match, seat, msg.commitment);
    if (!v.ok) return fail('illegal', `commit: ${v.error.message}`, v.error.code);
    this.sealed[seat] = v.value;
    this.locked[seat] = true;
    this.host.state.seats[seat]!.lockedIn = true;
    this.host.sendToSeat(seat, 'commitment', { round: msg.round, commitment: v.value, lockedIn: true });
    if (this.locked[0] && this.locked[1]) this.resolve();
    return OK;
  }

  revise(seat: Seat, msg: ClientMessages['revise']): Outcome {
    if (this.phase !== 'commit' || !this.match) return fail('wrong-phase', `revise: no commitment window is open (phase "${this.phase}")`);
    if (msg.round !== this.match.round) return fail('stale', `revise: round ${msg.round} is not the current round ${this.match.round}`);
    if (!this.locked[seat]) return fail('wrong-phase', 'revise: you are not locked in');
    this.locked[seat] = false;
    this.host.state.seats[seat]!.lockedIn = false;
    this.host.sendToSeat(seat, 'commitment', { round: msg.round, commitment: this.sealed[seat], lockedIn: false });
    return OK;
  }

  /** Both locked (or the timer ran out): reveal and resolve at once. */
  private resolve(): void {
    const commitments = SEATS.map((s) => (this.locked[s] && this.sealed[s]) || NONE) as [Commitment, Commitment];
    this.sealed = [null, null];
    this.resolution = { commitments, decisions: [], progress: null as never, published: 0 };
    this.advance(engine.resolveRound(this.match!, commitments, []));
  }

  // ------------------------------------------------------------------ resolution and prompts (RULES §4.3–4.5, §8)
  private advance(p: RoundProgress): void {
    const res = this.resolution!;
    if (p.status === 'error') throw new Error(`engine refused a decision it was given: ${p.error.code}`);
    res.progress = p;
    const fresh = p.events.slice(res.published);
    res.published = p.events.length;
    this.roundEvents.push(...fresh);
    syncBoard(this.host.state, p.state);
    this.host.broadcast('events', { round: this.match!.round, from: res.published - fresh.length, events: fresh, done: p.status === 'done' });
    if (p.status === 'awaiting') {
      this.promptId += 1;
      this.enter('resolving', p.prompt.seat, p.prompt.kind, this.seconds('prompt'));
      this.host.sendToSeat(p.prompt.seat, 'prompt', {
        id: this.promptId,
        round: this.match!.round,
        prompt: p.prompt,
        deadline: this.host.state.deadline,
      });
      return;
    }
    this.rounds.push({ commitments: res.commitments, decisions: res.decisions });
    this.match = p.state;
    if (p.state.winner !== null) return this.finish();
    this.openCommitWindow();
  }

  decide(seat: Seat, msg: ClientMessages['decide']): Outcome {
    const res = this.resolution;
    if (this.phase !== 'resolving' || res?.progress.status !== 'awaiting') return fail('wrong-phase', 'decide: no decision is asked now');
    if (res.progress.prompt.seat !== seat) return fail('not-your-turn', 'decide: the other player is deciding');
    if (msg.prompt !== this.promptId) return fail('stale', `decide: prompt ${msg.prompt} is closed; the open prompt is ${this.promptId}`);
    return this.answer(msg.decision as Decision, false);
  }

  private answer(decision: Decision, defaulted: boolean): Outcome {
    const res = this.resolution!;
    const p = engine.resolveRound(this.match!, res.commitments, [...res.decisions, decision]);
    if (p.status === 'error') return fail('illegal', `decide: ${p.error.message}`, p.error.code);
    res.decisions.push(decision);
    const prompted = (res.progress as { prompt: Prompt }).prompt;
    this.host.sendToSeat(prompted.seat, 'prompt-closed', { id: this.promptId, defaulted });
    this.advance(p);
    return OK;
  }

  /** For a client that (re)joins: its private view of what it may know now. */
  catchUp(seat: Seat | null): Array<{ [K in keyof ServerMessages]: [K, ServerMessages[K]] }[keyof ServerMessages]> {
    const out: Array<{ [K in keyof ServerMessages]: [K, ServerMessages[K]] }[keyof ServerMessages]> = [];
    const round = this.match?.round ?? 0;
    if (this.roundEvents.length) out.push(['round-so-far', { round, events: this.roundEvents }]);
    if (seat === null) return out;
    if (this.phase === 'commit' && this.sealed[seat]) {
      out.push(['commitment', { round, commitment: this.sealed[seat], lockedIn: this.locked[seat] }]);
    }
    const p = this.resolution?.progress;
    if (this.phase === 'resolving' && p?.status === 'awaiting' && p.prompt.seat === seat) {
      out.push(['prompt', { id: this.promptId, round, prompt: p.prompt, deadline: this.host.state.deadline }]);
    }
    return out;
  }

  // ------------------------------------------------------------------ the end
  concede(seat: Seat): Outcome {
    if (!this.live) return fail('wrong-phase', `concede: no match is being played (phase "${this.phase}")`);
    this.endEarly(seat, 'concede');
    return OK;
  }

  forfeit(seat: Seat): void {
    if (this.live) this.endEarly(seat, 'forfeit');
  }

  private endEarly(seat: Seat, reason: 'concede' | 'forfeit'): void {
    if (this.match) {
      this.match = reason === 'concede' ? engine.concede(this.match, seat) : engine.forfeit(this.match, seat);
      this.finish();
    } else this.finishWithout(other(seat), reason);
  }

  /** Before the draft is over there is no match state, hence no record. */
  private finishWithout(winner: Seat, reason: string): void {
    const st = this.host.state;
    st.winner = winner;
    st.endReason = reason;
    this.reveal(null);
  }

  private finish(): void {
    const m = this.match!;
    const st = this.host.state;
    syncBoard(st, m);
    st.winner = m.winner === 'draw' ? 2 : (m.winner ?? -1);
    st.endReason = m.endReason ?? '';
    const record: MatchRecord = {
      format: engine.RECORD_FORMAT,
      ruleset: m.ruleset,
      seed: this.seed,
      variants: m.variants,
      scenario: m.scenario.id,
      initiative: this.initiative,
      players: this.setup!.players,
      draft: this.draft?.log ?? [],
      rounds: this.rounds,
      ...(m.winner !== null && m.endReason ? { end: { winner: m.winner, reason: m.endReason } } : {}),
    } as MatchRecord;
    const id = randomBytes(9).toString('base64url');
    this.recordId = id;
    st.recordId = id;
    const summary: RecordSummary = {
      id,
      endedAt: new Date().toISOString(),
      players: [...this.names],
      factions: [this.setup!.players[0].faction, this.setup!.players[1].faction],
      winner: m.winner,
      reason: m.endReason,
      rounds: this.rounds.length,
    };
    this.host.saveRecord(summary, record).catch((e: unknown) => this.host.log.error({ err: e, recordId: id }, 'storing the record failed'));
    this.reveal(id);
  }

  private reveal(recordId: string | null): void {
    const st = this.host.state;
    st.seed = this.seed;
    this.resolution = null;
    this.enter('finished', -1, '', 0);
    this.host.log.info({ winner: st.winner, reason: st.endReason, recordId, rounds: this.rounds.length }, 'match ended');
    this.host.broadcast('ended', {
      winner: st.winner === 2 ? 'draw' : (st.winner as Seat),
      reason: st.endReason,
      seed: this.seed,
      recordId,
    });
  }

  /** The seat that should start the rematch: the previous loser (RULES §7); a draw keeps the coin toss. */
  rematchInitiative(): Seat | undefined {
    const w = this.host.state.winner;
    return w === 0 || w === 1 ? other(w as Seat) : undefined;
  }

  dispose(): void {
    this.timer?.clear();
    this.timer = null;
  }
}
