// The arena: N full matches between two bot levels (faction choice and draft by the bots too), seats alternating,
// spread over worker threads. Match i is the same whatever the number of workers: its seeds depend on (S, i) only.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FactionId, Loadout, Seat } from '@star-eater/engine';
import { type BotLevel, type BotOptions, botAnswer } from '../src/index.js';
import { type CareCount, countCare, noCare } from '../src/care.js';
import { playMatch } from '../src/play.js';

export interface ArenaOptions {
  a: BotLevel;
  b: BotLevel;
  matches: number;
  seed: string;
  workers?: number;
  budgetA?: number;
  budgetB?: number;
  /** Both seats choose faction and draft at random whatever their level (bench/draft-values.ts measures the cards). */
  randomDraft?: boolean;
}

/** One match's outcome from A's side, and the time of each of A's and B's commitments and decisions. */
export interface MatchOutcome {
  index: number;
  result: 'a' | 'b' | 'draw';
  rounds: number;
  msA: number[];
  msB: number[];
  /** CPU time of A's decisions (process.cpuUsage: the whole process, so only meaningful with one worker). */
  cpuA: number[];
  /** A's seat, and each seat's faction and loadout. */
  aSeat: Seat;
  /** A's shots with nothing to reach and drifts into the edge, as foreseen at each commitment (src/care.ts). */
  care: CareCount;
  loadouts: [{ faction: FactionId; loadout: Loadout }, { faction: FactionId; loadout: Loadout }];
}

export interface ArenaResult {
  a: BotLevel;
  b: BotLevel;
  matches: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** A's commitments and prompt answers (the level under test), in milliseconds. */
  decisionMs: { p50: number; p99: number; max: number };
  decisionMsB: { p50: number; p99: number; max: number };
  /** CPU milliseconds of A's decisions (process-wide: meaningful with --workers 1, where it leaves out the wait for
   * a core on a loaded machine). */
  decisionCpuMs: { p50: number; p99: number; max: number };
  rounds: { mean: number };
  /** A's blunders over every match: shots with nothing to reach, drifts into the edge (src/care.ts). */
  care: CareCount;
  workers: number;
}

/** Play match `index`: A sits in seat 0 on even matches, seat 1 on odd ones. */
export function playArenaMatch(o: ArenaOptions, index: number): MatchOutcome {
  const aSeat = (index % 2) as Seat;
  const msA: number[] = [];
  const msB: number[] = [];
  const cpuA: number[] = [];
  const care = noCare();
  const player =
    (level: BotLevel, opts: BotOptions, times: number[], cpu?: number[], count?: CareCount) =>
    (request: Parameters<typeof botAnswer>[1]) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const drafting = request.kind === 'faction' || request.kind === 'draft';
      const answer = botAnswer(drafting && o.randomDraft ? 'random' : level, request, opts);
      if (request.kind === 'commit' || request.kind === 'decide') {
        times.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu?.push((c.user + c.system) / 1000);
      }
      if (count && request.kind === 'commit' && answer.kind === 'commit')
        countCare(count, request.state, request.seat, answer.commitment);
      return answer;
    };
  const budget = (b: number | undefined) => (b !== undefined ? { budget: b } : {});
  const pa = player(o.a, { seed: `${o.seed}:${index}:a`, ...budget(o.budgetA) }, msA, cpuA, care);
  const pb = player(o.b, { seed: `${o.seed}:${index}:b`, ...budget(o.budgetB) }, msB);
  const m = playMatch(aSeat === 0 ? [pa, pb] : [pb, pa], `${o.seed}:${index}`);
  const result = m.winner === 'draw' ? 'draw' : m.winner === aSeat ? 'a' : 'b';
  const loadouts = m.state.ships.map((s) => ({ faction: s.faction, loadout: s.loadout })) as MatchOutcome['loadouts'];
  return { index, result, rounds: m.rounds, msA, msB, cpuA, aSeat, care, loadouts };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
function quantiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(p * s.length))]!);
  return { p50: round3(q(0.5)), p99: round3(q(0.99)), max: round3(s.at(-1) ?? 0) };
}

export function summarise(o: ArenaOptions, outcomes: MatchOutcome[], workers: number): ArenaResult {
  const count = (r: MatchOutcome['result']) => outcomes.filter((m) => m.result === r).length;
  return {
    a: o.a,
    b: o.b,
    matches: outcomes.length,
    winsA: count('a'),
    winsB: count('b'),
    draws: count('draw'),
    decisionMs: quantiles(outcomes.flatMap((m) => m.msA)),
    decisionMsB: quantiles(outcomes.flatMap((m) => m.msB)),
    decisionCpuMs: quantiles(outcomes.flatMap((m) => m.cpuA)),
    rounds: { mean: round3(outcomes.reduce((n, m) => n + m.rounds, 0) / Math.max(1, outcomes.length)) },
    care: outcomes.reduce((sum, m) => {
      for (const k of Object.keys(sum) as (keyof CareCount)[]) sum[k] += m.care[k];
      return sum;
    }, noCare()),
    workers,
  };
}

/** Play the arena's matches on `workers` threads (default: every core), in match order. */
export async function arenaOutcomes(o: ArenaOptions): Promise<{ outcomes: MatchOutcome[]; workers: number }> {
  const workers = Math.max(1, Math.min(o.workers ?? availableParallelism(), o.matches));
  const chunks: number[][] = Array.from({ length: workers }, () => []);
  for (let i = 0; i < o.matches; i++) chunks[i % workers]!.push(i);
  const url = new URL('./worker.ts', import.meta.url);
  const parts = await Promise.all(
    chunks.map(
      (indices) =>
        new Promise<MatchOutcome[]>((resolve, reject) => {
          const w = new Worker(url, { workerData: { options: o, indices }, execArgv: ['--import', 'tsx'] });
          w.once('message', resolve);
          w.once('error', reject);
          w.once('exit', (code) => code !== 0 && reject(new Error(`arena worker exited with ${code}`)));
        }),
    ),
  );
  return { outcomes: parts.flat().sort((x, y) => x.index - y.index), workers };
}

/** Run the arena and summarise it. */
export async function runArena(o: ArenaOptions): Promise<ArenaResult> {
  const { outcomes, workers } = await arenaOutcomes(o);
  return summarise(o, outcomes, workers);
}
