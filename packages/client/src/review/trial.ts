// Trying your orders against a guess during the commitment window: the engine resolves the round in the page from
// the position the page holds, your orders as they stand and a guess of the opponent's, with dice from a local
// generator (never the match's: the page does not hold them, and a trial must not pretend to know them). Prompts
// take the time-out defaults (RULES §7). Nothing of a trial reaches the server.
import {
  defaultDecision,
  previewDrift,
  resolveRoundWith,
  seedRng,
  ENGINE_SETTINGS,
  type Commitment,
  type EngineSetting,
  type Hex,
  type MatchEvent,
  type MatchState,
  type PublicState,
  type Seat,
} from '@star-eater/engine';
import { summarizeRound, type RoundSummary } from './round-summary.js';

export interface TrialResult {
  events: MatchEvent[];
  end: MatchState;
  summary: RoundSummary;
}

/** The public state with a local generator for its dice: the page holds no copy of the match's. */
export function withLocalDice(s: PublicState, seed: string): MatchState {
  return { ...s, rng: seedRng(`star-eater-trial/1:${seed}`) };
}

/** One trial: your orders against the guess, local dice from `seed`, defaults for every prompt. */
export function runTrial(s: PublicState, you: Seat, mine: Commitment, theirs: Commitment, seed: string): TrialResult {
  const orders: [Commitment, Commitment] = you === 0 ? [mine, theirs] : [theirs, mine];
  const p = resolveRoundWith(withLocalDice(s, seed), orders, (prompt) => defaultDecision(prompt));
  if (p.status !== 'done') throw new Error(`a trial round ended ${p.status}`);
  return { events: p.events, end: p.state, summary: summarizeRound(p.events) };
}

export interface TrialSpread {
  runs: number;
  /** Damage taken by each warship: least, median, most. */
  taken: [[number, number, number], [number, number, number]];
  /** Hits scored by each seat, on average. */
  hits: [number, number];
  /** How many runs ended the match, and with whom winning. */
  ended: number;
  /** Each warship's end cores, with how many runs ended there. */
  ends: [Map<string, { at: Hex; runs: number }>, Map<string, { at: Hex; runs: number }>];
}

const median3 = (xs: number[]): [number, number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[0] ?? 0, s[Math.floor(s.length / 2)] ?? 0, s.at(-1) ?? 0];
};

/** `runs` trials with different local dice (seeds `${seed}:k`): the spread of what the dice can do. */
export function trialSpread(
  s: PublicState,
  you: Seat,
  mine: Commitment,
  theirs: Commitment,
  seed: string,
  runs = 20,
): TrialSpread {
  const taken: [number[], number[]] = [[], []];
  const hits: [number, number] = [0, 0];
  const ends: TrialSpread['ends'] = [new Map(), new Map()];
  let ended = 0;
  for (let k = 0; k < runs; k++) {
    const r = runTrial(s, you, mine, theirs, `${seed}:${k}`);
    if (r.end.winner !== null) ended++;
    for (const seat of [0, 1] as const) {
      taken[seat].push(r.summary.taken[seat]);
      hits[seat] += r.summary.hits[seat] / runs;
      const at = r.end.ships[seat].core;
      const key = `${at.q},${at.r}`;
      const e = ends[seat].get(key) ?? { at, runs: 0 };
      e.runs++;
      ends[seat].set(key, e);
    }
  }
  return { runs, taken: [median3(taken[0]), median3(taken[1])], hits, ended, ends };
}

/** Where a warship can end its momentum under each engine setting (the other treated as still; previewDrift). */
export function reachable(s: PublicState, seat: Seat): { engine: EngineSetting; at: Hex }[] {
  return ENGINE_SETTINGS.map((engine) => ({
    engine,
    at: previewDrift(s, seat, engine).path.at(-1)?.core ?? s.ships[seat].core,
  }));
}
