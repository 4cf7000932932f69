// `pnpm bench server --log-cost`: what the write-ahead input log adds to the server's CPU per round and to
// the p99, either from pairs of servers with and without it, or (--alternate) inside one server whose log is paused
// and resumed in turns (storage/log-turns.ts), which the machine's drift between runs does not blur.
import type { report } from './report.js';

type Step = ReturnType<typeof report>;
interface Bench {
  runStep: (matches: number, env?: Record<string, string>) => Promise<Step>;
  seconds: number;
  has: (name: string) => boolean;
  opt: (name: string) => string | undefined;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : s.length ? (s[m - 1]! + s[m]!) / 2 : NaN;
};

/**
 * --alternate: one server per repeat, its log paused and resumed every MS; each run's CPU per round in the turns
 * with the log and without, and what the log adds; then the median over the runs.
 */
async function alternate(n: number, b: Bench): Promise<void> {
  const turnMs = Number(b.opt('alternate') ?? '') || 5000;
  const added: number[] = [];
  const perSecond: number[] = [];
  for (let i = 0; i < Math.max(1, Number(b.opt('repeat') ?? 1)); i++) {
    const r = await b.runStep(n, { BENCH_INPUT_LOG_ALTERNATE_MS: String(turnMs) });
    const t = r.figures.inputLogTurns;
    console.log(`input log alternating | ${r.line}`);
    if (!t) throw new Error('the server reported no turns of its input log (BENCH_INPUT_LOG_ALTERNATE_MS)');
    console.log(
      `  turns of ${turnMs} ms: log on ${t.on.cpuMsPerRound.toFixed(3)} ms/round (${t.on.turns} turns, ${t.on.rounds} rounds), ` +
        `paused ${t.off.cpuMsPerRound.toFixed(3)} ms/round (${t.off.turns} turns, ${t.off.rounds} rounds): ${signed(t.percentAdded, 1)} % ` +
        `per round, ${signed(t.percentAddedPerSecond, 1)} % per second (${t.on.cpuPercent} against ${t.off.cpuPercent} % of a core)`,
    );
    added.push(t.percentAdded);
    perSecond.push(t.percentAddedPerSecond);
  }
  console.log(
    `input log cost at ${n} matches, inside one server (${added.length} run(s) of ${b.seconds} s, turns of ${turnMs} ms): ` +
      `server cpu per round ${added.map((x) => signed(x, 1)).join(', ')} %, median ${signed(median(added), 1)} %; ` +
      `per second ${perSecond.map((x) => signed(x, 1)).join(', ')} %, median ${signed(median(perSecond), 1)} % | goal: < 5 % CPU added`,
  );
}

/**
 * The input log's cost at `n` matches: runs without it (INPUT_LOG=off) and with it, in pairs (the machine's other
 * load drifts), and what the log adds to the p99 and to the server's CPU per round (user and system apart), as the
 * median of the pairs' differences (each pair ran back to back). With --aa both runs of a pair go without the log:
 * what the comparison shows when there is nothing to find (its noise).
 */
export async function logCost(n: number, b: Bench): Promise<void> {
  if (b.has('alternate')) return alternate(n, b);
  const { runStep, has, opt } = b;
  type Run = { p99: number; cpu: number; user: number; sys: number; commit: number; share: number; wait: number };
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  const aa = has('aa');
  for (let i = 0; i < Math.max(1, Number(opt('repeat') ?? 1)); i++) {
    // Every other pair runs the other way round: the second run of a pair came out slower (an A/A run at 60 s:
    // pairs +1.0, +4.1, +7.8 %), so a fixed order would count that in the log's cost.
    for (const kind of i % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const r = await runStep(n, kind === 'off' || aa ? { INPUT_LOG: 'off' } : {});
      console.log(`input log ${aa ? `off (${kind === 'off' ? 'a' : 'b'})` : kind.padEnd(3)} | ${r.line}`);
      if (has('json')) console.log(JSON.stringify(r.figures));
      const log = r.figures.inputLog;
      const [user = NaN, sys = NaN] = r.figures.serverCpuUserSysMsPerRound ?? [];
      runs[kind].push({
        p99: r.figures.latencyMs.p99,
        cpu: r.figures.serverCpuMsPerRound,
        user,
        sys,
        commit: log?.commitUsPerRound ?? 0,
        share: log?.percentOfServerCpu ?? 0,
        wait: log?.appendP99Us ?? 0,
      });
    }
  }
  const of = (k: 'off' | 'on', f: keyof Run) => median(runs[k].map((x) => x[f]));
  // Each pair ran back to back under much the same other load: the median of the pairs' differences is steadier.
  const pairs = (f: keyof Run, percent = false) =>
    runs.on.map((r, i) => {
      const off = runs.off[i]![f];
      return percent ? ((r[f] - off) / off) * 100 : r[f] - off;
    });
  const cpuPairs = pairs('cpu', true);
  const [c0, c1] = [of('off', 'cpu'), of('on', 'cpu')];
  console.log(
    `input log cost at ${n} matches${aa ? ' (A/A: no log in either run, the noise of the comparison)' : ''} ` +
      `(${runs.on.length} pair(s) of ${b.seconds} s runs): ` +
      `p99 ${of('off', 'p99').toFixed(1)} → ${of('on', 'p99').toFixed(1)} ms (pairs' median ${signed(median(pairs('p99')))} ms) | ` +
      `server cpu ${c0.toFixed(3)} → ${c1.toFixed(3)} ms/round: pair by pair ${cpuPairs.map((x) => signed(x, 1)).join(', ')} %, ` +
      `median ${signed(median(cpuPairs), 1)} % (user ${signed(median(pairs('user')), 3)} ms, sys ${signed(median(pairs('sys')), 3)} ms /round) | ` +
      `inside the server: commits ${of('on', 'commit').toFixed(1)} µs /round on the rooms' thread ` +
      `(${of('on', 'share').toFixed(2)} % of its CPU), wait for commit p99 ${of('on', 'wait').toFixed(1)} µs | ` +
      'goal: < 1 ms p99 and < 5 % CPU added',
  );
}

function signed(x: number, digits = 1): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
}
