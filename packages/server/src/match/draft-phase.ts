// Factions and the draft of one match (RULES §5): both choose a faction, then picks alternate from the initiative
// holder, then the swaps, then both place munitions at once. Time-outs take the engine's defaults (RULES §7).
import type { ParsedMessages } from '@star-eater/protocol';
import type { FactionId, Seat } from '@star-eater/engine';
import type { BotRequest } from '../bots/levels.js';
import { seatDraft } from '../bots/seat-view.js';
import { engine, type Draft, type DraftAction } from '../engine.js';
import { syncDraft } from './draft-view.js';
import { type CatchUp, fail, OK, SEATS, type MatchHost, type Outcome, type Phases } from './match-host.js';

/** A faction not chosen in time (RULES §7). */
export const DEFAULT_FACTION: FactionId = 'fpa';

export class DraftPhase {
  private factions: [FactionId | null, FactionId | null] = [null, null];
  draft: Draft | null = null;

  constructor(
    private readonly host: MatchHost,
    private readonly phases: Phases,
    private readonly initiative: Seat,
    /** Called once both loadouts and munitions are complete. */
    private readonly onDone: (draft: Draft, factions: [FactionId, FactionId]) => void,
  ) {}

  begin(): void {
    this.phases.enter('factions', -1, '', this.phases.seconds('draft'));
  }

  chooseFaction(seat: Seat, msg: ParsedMessages['faction']): Outcome {
    const phase = this.phases.phase;
    if (phase !== 'factions')
      return fail('wrong-phase', `faction: factions are chosen before the draft, not in phase "${phase}"`);
    if (this.factions[seat]) return fail('wrong-phase', 'faction: you have already chosen your faction');
    // Sealed like a commitment: the others see only that this seat chose; both are revealed together.
    this.factions[seat] = msg.faction;
    this.host.state.seats[seat]!.lockedIn = true;
    this.host.sendToSeat(seat, 'faction', { faction: msg.faction });
    if (this.factions[0] && this.factions[1]) this.afterFactions();
    return OK;
  }

  private afterFactions(): void {
    const f = this.factions as [FactionId, FactionId];
    f.forEach((fa, i) => {
      const seat = this.host.state.seats[i]!;
      seat.faction = fa;
      seat.lockedIn = false;
    });
    this.draft = engine.createDraft(f, this.initiative);
    this.nextTurn();
  }

  private nextTurn(): void {
    const draft = this.draft!;
    syncDraft(this.host.state, draft);
    const turn = engine.draftTurn(draft);
    if (turn.stage === 'done') {
      this.onDone(draft, this.factions as [FactionId, FactionId]);
      return;
    }
    // The munitions step is simultaneous: one timer for both; a pick or swap gets a fresh timer each.
    if (this.phases.phase === 'draft' && turn.stage === 'munitions' && this.host.state.step === 'munitions') return;
    this.phases.enter('draft', turn.seat ?? -1, turn.stage, this.phases.seconds('draft'));
  }

  /** A computer's draft action (bots/bot-seat.ts): the same checks as a player's message of that type. */
  act(seat: Seat, action: DraftAction): Outcome {
    return this.action(seat, action.kind === 'no-swap' ? 'swap' : action.kind, action);
  }

  /** A draft message, already the engine's draft action of its type (the protocol's parseDraftAction). */
  action(seat: Seat, type: 'pick' | 'swap' | 'munitions', action: DraftAction): Outcome {
    const phase = this.phases.phase;
    if (phase !== 'draft' || !this.draft) return fail('wrong-phase', `${type}: there is no draft in phase "${phase}"`);
    const turn = engine.draftTurn(this.draft);
    if (turn.stage !== type) return fail('wrong-phase', `${type}: the draft is at the "${turn.stage}" step`);
    if (!turn.seats.includes(seat)) {
      return fail(
        'not-your-turn',
        turn.seat !== null
          ? `${type}: it is seat ${turn.seat}'s turn to ${turn.stage}`
          : `${type}: you have already placed your munitions`,
      );
    }
    return this.apply(seat, action, false);
  }

  /** What the draft asks of `seat` now, as that seat may see it (for a computer player), or null. */
  question(seat: Seat): BotRequest | null {
    const phase = this.phases.phase;
    if (phase === 'factions') return this.factions[seat] ? null : { kind: 'faction', seat };
    if (phase !== 'draft' || !this.draft || !engine.draftTurn(this.draft).seats.includes(seat)) return null;
    return { kind: 'draft', seat, draft: seatDraft(this.draft, seat) };
  }

  /** How many draft actions `seat` has taken (a question's identity: the other seat's moves do not change it). */
  stepOf(seat: Seat): number {
    return this.draft?.log.filter((e) => e.seat === seat).length ?? 0;
  }

  private apply(seat: Seat, action: DraftAction, defaulted: boolean): Outcome {
    const r = engine.applyDraftAction(this.draft!, seat, action);
    if (!r.ok) return fail('illegal', `${action.kind}: ${r.error.message}`, r.error.code);
    this.draft = r.value;
    if (defaulted) this.host.log.info({ seat, stage: action.kind }, 'draft default taken');
    this.nextTurn();
    return OK;
  }

  /** For a seat that comes back during the faction choice: its own sealed choice. */
  catchUp(seat: Seat): CatchUp[] {
    const f = this.phases.phase === 'factions' ? this.factions[seat] : null;
    return f ? [['faction', { faction: f }]] : [];
  }

  /** The timer ran out: FPA for a missing faction, the first legal card for a draft step (RULES §7). */
  onTimeout(): void {
    if (this.phases.phase === 'factions') {
      for (const seat of SEATS) {
        if (this.factions[seat]) continue;
        this.factions[seat] = DEFAULT_FACTION;
        this.host.sendToSeat(seat, 'timed-out', { step: 'faction' });
      }
      this.afterFactions();
    } else if (this.phases.phase === 'draft' && this.draft) {
      for (const seat of engine.draftTurn(this.draft).seats) {
        if (this.phases.phase !== 'draft') break;
        const action = engine.defaultDraftAction(this.draft, seat);
        if (!action) continue;
        this.host.sendToSeat(seat, 'timed-out', { step: action.kind === 'no-swap' ? 'swap' : action.kind });
        this.apply(seat, action, true);
      }
    }
  }
}
