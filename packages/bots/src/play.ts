// One full match between two players that answer bot requests: faction choice, the draft, then rounds until a
// warship is destroyed (or a round limit, a draw). Every answer is checked by the engine; an illegal one throws with
// what was wrong. Pure and deterministic in (players, seed): the arena and the tests both play through it.
import {
  applyDraftAction,
  createDraft,
  createMatch,
  createRng,
  draftLoadouts,
  draftMunitions,
  draftTurn,
  FACTION_IDS,
  resolveRoundWith,
  sha256,
  validateCommitment,
  type Commitment,
  type Decision,
  type Draft,
  type DraftAction,
  type FactionId,
  type MatchSetup,
  type MatchState,
  type Seat,
} from '@star-eater/engine';
import type { BotAnswer, BotRequest } from './request.js';

export type Player = (request: BotRequest) => BotAnswer;

/** A match still going after this many rounds is a draw (bots that only dodge would never end). */
export const ROUND_LIMIT = 200;

export interface PlayedMatch {
  winner: Seat | 'draw';
  rounds: number;
  factions: [FactionId, FactionId];
  state: MatchState;
}

function expectKind<K extends BotAnswer['kind']>(a: BotAnswer, kind: K, who: string): Extract<BotAnswer, { kind: K }> {
  if (a.kind !== kind) throw new Error(`${who}: answered ${a.kind} to a ${kind} request`);
  return a as Extract<BotAnswer, { kind: K }>;
}

/** The draft (RULES §5) with `act` choosing each seat's action in turn; a refused action throws with the reason. */
export function playDraft(
  factions: [FactionId, FactionId],
  initiative: Seat,
  act: (draft: Draft, seat: Seat) => DraftAction,
): Draft {
  let draft = createDraft({ factions, initiative });
  for (let guard = 0; draftTurn(draft).stage !== 'done'; guard++) {
    if (guard > 100) throw new Error('the draft did not finish');
    for (const seat of draftTurn(draft).seats) {
      const r = applyDraftAction(draft, seat, act(draft, seat));
      if (!r.ok) throw new Error(`seat ${seat}: draft action refused: ${r.error.message}`);
      draft = r.value;
    }
  }
  return draft;
}

/** The match a finished draft starts (players named A and B). */
export function matchFromDraft(draft: Draft, seed: string, variants?: MatchSetup['variants']): MatchState {
  const loadouts = draftLoadouts(draft)!;
  const munitions = draftMunitions(draft)!;
  return createMatch({
    seed,
    initiative: draft.initiative,
    players: [
      { name: 'A', faction: draft.factions[0], loadout: loadouts[0], munitions: munitions[0] },
      { name: 'B', faction: draft.factions[1], loadout: loadouts[1], munitions: munitions[1] },
    ],
    ...(variants ? { variants } : {}),
  });
}

/**
 * One round from `before` with these commitments, each prompt put to `decide` as the bot request a seat gets (the
 * state at the prompt, both commitments, the round's start, the decisions so far and the dice rolled).
 */
export function playRound(
  before: MatchState,
  commitments: [Commitment, Commitment],
  decide: (request: Extract<BotRequest, { kind: 'decide' }>) => Decision,
): MatchState {
  const decisions: Decision[] = [];
  const progress = resolveRoundWith(before, commitments, (prompt, _i, now, rolls): Decision => {
    const d = decide({
      kind: 'decide',
      seat: prompt.seat,
      state: now,
      prompt,
      commitments,
      start: before,
      decisions: [...decisions],
      rolls: [...rolls],
    });
    decisions.push(d);
    return d;
  });
  if (progress.status === 'error')
    throw new Error(`round ${before.round}: decision ${progress.index} refused: ${progress.error.message}`);
  if (progress.status !== 'done') throw new Error(`round ${before.round}: ${progress.status}`);
  return progress.state;
}

export function playMatch(players: [Player, Player], seed: string): PlayedMatch {
  const matchSeed = sha256(`arena-match:${seed}`).slice(0, 32);
  const initiative = createRng(`arena-toss:${seed}`).int(2) as Seat;
  const factions = ([0, 1] as const).map((seat) => {
    const f = expectKind(players[seat]({ kind: 'faction', seat }), 'faction', `seat ${seat}`).faction;
    if (!FACTION_IDS.includes(f)) throw new Error(`seat ${seat}: unknown faction ${String(f)}`);
    return f;
  }) as [FactionId, FactionId];
  const draft = playDraft(
    factions,
    initiative,
    (d, seat) => expectKind(players[seat]({ kind: 'draft', seat, draft: d }), 'draft', `seat ${seat}`).action,
  );
  let state = matchFromDraft(draft, matchSeed);
  while (state.winner === null && state.round <= ROUND_LIMIT) {
    const before = state;
    const commitments = ([0, 1] as const).map((seat) => {
      const a = expectKind(players[seat]({ kind: 'commit', seat, state: before }), 'commit', `seat ${seat}`);
      const v = validateCommitment(before, seat, a.commitment);
      if (!v.ok) throw new Error(`seat ${seat}: commitment refused: ${v.error.message}`);
      return v.value;
    }) as [Commitment, Commitment];
    state = playRound(before, commitments, (r) => expectKind(players[r.seat](r), 'decide', `seat ${r.seat}`).decision);
  }
  return { winner: state.winner ?? 'draw', rounds: state.round - 1, factions, state };
}
