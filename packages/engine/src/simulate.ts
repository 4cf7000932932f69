// Random legal matches from a seed (RULES §10 `simulate`): the draft, then rounds until a warship is destroyed.
import { coinToss } from './coin-toss.js';
import {
  createDraft,
  draftLoadouts,
  draftMunitions,
  draftTurn,
  applyDraftAction,
  randomDraftAction,
} from './loadout.js';
import { FACTIONS } from './content/index.js';
import type { MatchEvent } from './events.js';
import { createMatch, RULESET } from './match.js';
import { randomCommitment, randomDecision } from './random.js';
import { RECORD_FORMAT, type MatchRecord, type RecordRound } from './record.js';
import { createRng, type Rng } from './rng.js';
import { resolveRoundWith } from './round.js';
import { sha256 } from './sha256.js';
import type { FactionId, MatchState, Seat, Variants } from './types.js';
import type { Decision } from './decision.js';

/** A safety net for random play: a match still going after this many rounds is declared a draw by the simulator. */
export const SIMULATE_ROUND_LIMIT = 400;

export interface SimulatedMatch {
  record: MatchRecord;
  events: MatchEvent[];
  rounds: number;
  winner: Seat | 'draw' | null;
  reason: string;
}

function draftRandomly(rng: Rng, factions: [FactionId, FactionId], initiative: Seat) {
  let draft = createDraft({ factions, initiative });
  for (let guard = 0; guard < 100; guard++) {
    const turn = draftTurn(draft);
    if (turn.stage === 'done') break;
    const seats: Seat[] = turn.seats;
    for (const seat of seats) {
      const action = randomDraftAction(draft, seat, rng);
      if (!action) throw new Error(`simulate: no legal draft action for seat ${seat}`);
      const r = applyDraftAction(draft, seat, action);
      if (!r.ok) throw new Error(`simulate: random draft action refused: ${r.error.message}`);
      draft = r.value;
    }
  }
  const loadouts = draftLoadouts(draft);
  const munitions = draftMunitions(draft);
  if (!loadouts || !munitions) throw new Error('simulate: the draft did not finish');
  return { loadouts, munitions, log: draft.log };
}

export interface SimulateOptions {
  /** Arclight variants (RULES §9) for every match, or 'random' to draw them per match. Default: none. */
  variants?: Partial<Variants> | 'random';
  onRound?: (state: MatchState) => void;
}

export function simulateMatch(seed: string, index: number, opts: SimulateOptions = {}): SimulatedMatch {
  const { onRound } = opts;
  const rng = createRng(`simulate/1:${seed}:${index}`);
  const matchSeed = sha256(`match:${seed}:${index}`).slice(0, 32);
  const factionIds = Object.keys(FACTIONS) as FactionId[];
  const factions: [FactionId, FactionId] = [rng.pick(factionIds), rng.pick(factionIds)];
  const initiative = coinToss(matchSeed); // RULES §5, from the match's seed (coin-toss.ts)
  const { loadouts, munitions, log } = draftRandomly(rng, factions, initiative);
  const players: MatchRecord['players'] = [
    { name: 'Random 1', faction: factions[0], loadout: loadouts[0], munitions: munitions[0] },
    { name: 'Random 2', faction: factions[1], loadout: loadouts[1], munitions: munitions[1] },
  ];
  const variants: Partial<Variants> =
    opts.variants === 'random'
      ? { rangeBands: rng.chance(0.5), initiativeRoll: rng.chance(0.5), criticalHits: rng.chance(0.5) }
      : (opts.variants ?? {});
  let state = createMatch({ seed: matchSeed, initiative, players, variants });
  const rounds: RecordRound[] = [];
  const events: MatchEvent[] = [];
  while (state.winner === null && state.round <= SIMULATE_ROUND_LIMIT) {
    const commitments = [randomCommitment(state, 0, rng), randomCommitment(state, 1, rng)] as const;
    const decisions: Decision[] = [];
    const progress = resolveRoundWith(state, commitments, (prompt, _i, now) => {
      const d = randomDecision(now, prompt, rng);
      decisions.push(d);
      return d;
    });
    if (progress.status !== 'done') throw new Error(`simulate: round ${state.round} ended with ${progress.status}`);
    rounds.push({ commitments: [commitments[0], commitments[1]], decisions });
    events.push(...progress.events);
    state = progress.state;
    onRound?.(state);
  }
  const record: MatchRecord = {
    format: RECORD_FORMAT,
    ruleset: RULESET,
    seed: matchSeed,
    variants: state.variants,
    scenario: state.scenario.id,
    initiative,
    initiativeFrom: 'coin-toss',
    players,
    draft: log,
    rounds,
  };
  if (state.winner !== null && state.endReason) record.end = { winner: state.winner, reason: state.endReason };
  return { record, events, rounds: rounds.length, winner: state.winner, reason: state.endReason ?? 'round-limit' };
}
