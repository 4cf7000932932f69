// pnpm bench bots [--matches N] [--seed S] [--workers K] [--levels random,easy,medium,hard]
// The round robin of the bot levels: every pairing plays N full matches (seats alternating, on every core by
// default), then a table of the results, each level's Elo (random = 0) with a 95 % error bar, and each level's
// decision times. Prints the load it ran under: wall-clock figures on a shared machine depend on it.
import { loadavg, availableParallelism } from 'node:os';
import { runArena, type ArenaResult } from '../arena/arena.js';
import { BOT_LEVELS, isBotLevel, onRatingScale, RANDOM_ANCHOR, type BotLevel } from '../src/index.js';
import { eloTable } from './elo.js';

const args = process.argv.slice(2);
const flag = (k: string): string | undefined => {
  const i = args.indexOf(`--${k}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const matches = Number(flag('matches') ?? 200);
const seed = flag('seed') ?? 'bench-bots';
const workers = flag('workers') !== undefined ? Number(flag('workers')) : undefined;
const levels = (flag('levels') ?? BOT_LEVELS.join(',')).split(',');
for (const l of levels) if (!isBotLevel(l)) throw new Error(`unknown level ${l}`);

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(
  `bots round robin: ${matches} matches per pairing, seed ${seed}, ${workers ?? availableParallelism()} workers; ` +
    `load average at start ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
);
const results: ArenaResult[] = [];
for (let i = 0; i < levels.length; i++) {
  for (let j = i + 1; j < levels.length; j++) {
    const a = levels[j] as BotLevel;
    const b = levels[i] as BotLevel;
    const t0 = performance.now();
    const r = await runArena({ a, b, matches, seed: `${seed}:${a}-${b}`, ...(workers ? { workers } : {}) });
    results.push(r);
    const score = (r.winsA + r.draws / 2) / r.matches;
    console.log(
      `${a.padEnd(6)} vs ${b.padEnd(6)}  ${r.winsA}-${r.winsB}-${r.draws} (score ${pct(score)}), ` +
        `${r.rounds.mean} rounds/match, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}
console.log(
  `\n| level | Elo (random = 0) | rating (Glicko scale, random = ${RANDOM_ANCHOR}) | ± 95 % | decision ms p50 / p99 / max |`,
);
console.log('|---|---|---|---|---|');
const ms = (level: string) => {
  const all = results.flatMap((r) => (r.a === level ? [r.decisionMs] : r.b === level ? [r.decisionMsB] : []));
  const worst = (k: 'p50' | 'p99' | 'max') => Math.max(...all.map((x) => x[k]));
  return `${worst('p50').toFixed(1)} / ${worst('p99').toFixed(1)} / ${worst('max').toFixed(1)}`;
};
for (const row of eloTable(levels, results))
  console.log(`| ${row.level} | ${row.elo} | ${onRatingScale(row.elo)} | ${row.error} | ${ms(row.level)} |`);
console.log(
  `load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
