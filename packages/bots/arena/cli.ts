// pnpm --silent bot arena --a <level> --b <level> --matches N --seed S [--workers K] [--budget-a N] [--budget-b N]
// Plays N full matches between two bot levels, seats alternating, on every core by default, and prints one JSON
// object: { a, b, matches, winsA, winsB, draws, decisionMs: { p50, p99, max } (A's), decisionMsB, rounds, workers }.
import { BOT_LEVELS, isBotLevel } from '../src/index.js';
import { runArena } from './arena.js';

function usage(message: string): never {
  console.error(
    `${message}\nusage: pnpm --silent bot arena --a <${BOT_LEVELS.join('|')}> --b <level> --matches N --seed S [--workers K] [--budget-a N] [--budget-b N]`,
  );
  process.exit(2);
}

const [command, ...args] = process.argv.slice(2);
if (command !== 'arena') usage(`unknown command ${command ?? '(none)'}`);
const flags = new Map<string, string>();
for (let i = 0; i < args.length; i += 2) {
  const k = args[i]!;
  if (!k.startsWith('--') || args[i + 1] === undefined) usage(`bad argument ${k}`);
  flags.set(k.slice(2), args[i + 1]!);
}
const int = (k: string, required: boolean): number | undefined => {
  const v = flags.get(k);
  if (v === undefined) return required ? usage(`--${k} is required`) : undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < (k.startsWith('budget') ? 0 : 1)) usage(`--${k}: expected a whole number, got ${v}`);
  return n;
};
const a = flags.get('a');
const b = flags.get('b');
if (!isBotLevel(a)) usage(`--a: expected one of ${BOT_LEVELS.join(', ')}`);
if (!isBotLevel(b)) usage(`--b: expected one of ${BOT_LEVELS.join(', ')}`);
const seed = flags.get('seed') ?? usage('--seed is required');
for (const k of flags.keys())
  if (!['a', 'b', 'matches', 'seed', 'workers', 'budget-a', 'budget-b'].includes(k)) usage(`unknown option --${k}`);
const matches = int('matches', true)!;
const workers = int('workers', false);
const budgetA = int('budget-a', false);
const budgetB = int('budget-b', false);
const result = await runArena({
  a,
  b,
  matches,
  seed,
  ...(workers !== undefined ? { workers } : {}),
  ...(budgetA !== undefined ? { budgetA } : {}),
  ...(budgetB !== undefined ? { budgetB } : {}),
});
console.log(JSON.stringify(result));
