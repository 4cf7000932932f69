// The engine's command line (RULES §10):
//   pnpm --silent engine replay <record.json>
//   pnpm --silent engine simulate --seed <s> --matches <n> [--records <dir>] [--variants …]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeRecord } from './record.js';
import { replayJson } from './replay.js';
import { simulateMatch } from './simulate.js';
import { createHash } from 'node:crypto';
import { stateView } from './view.js';

const USAGE = `usage:
  engine replay <record.json>
  engine simulate --seed <s> --matches <n> [--records <dir>] [--variants all|random|rangeBands,initiativeRoll,criticalHits]`;

function refuse(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function replay(file: string | undefined): void {
  if (!file) refuse(`replay needs a record file\n${USAGE}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    refuse(`cannot read ${file}: ${(e as Error).message}`);
  }
  const r = replayJson(json);
  if (!r.ok) refuse(`${r.error.path}: ${r.error.message}`);
  process.stdout.write(`${JSON.stringify({ events: r.value.events, state: stateView(r.value.state) })}\n`);
}

function simulate(args: string[]): void {
  const seed = flag(args, '--seed');
  const n = Number(flag(args, '--matches') ?? '1');
  const dir = flag(args, '--records');
  // --variants rangeBands,criticalHits | all | random (RULES §9); default none
  const v = flag(args, '--variants');
  const names = ['rangeBands', 'initiativeRoll', 'criticalHits'];
  if (v && v !== 'random' && v !== 'all' && !v.split(',').every((x) => names.includes(x))) {
    refuse(`--variants takes all, random or a list of ${names.join(', ')}`);
  }
  const variants =
    v === 'random'
      ? ('random' as const)
      : Object.fromEntries(names.map((n) => [n, v === 'all' || (v ?? '').split(',').includes(n)]));
  if (seed === undefined || seed === '') refuse(`simulate needs --seed\n${USAGE}`);
  if (!Number.isInteger(n) || n < 1) refuse('--matches must be a whole number ≥ 1');
  if (dir) mkdirSync(dir, { recursive: true });
  const digest = createHash('sha256');
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = simulateMatch(seed, i, { variants });
    for (const e of m.events) digest.update(JSON.stringify(e));
    const [a, b] = m.record.players;
    const result = m.winner === null ? 'unfinished' : m.winner === 'draw' ? 'draw' : `winner P${m.winner + 1}`;
    out.push(
      `match ${i + 1}: seed ${m.record.seed} ${a.faction} vs ${b.faction}: ${result} (${m.reason}) after ${m.rounds} rounds, ${m.events.length} events`,
    );
    if (dir) writeFileSync(join(dir, `match-${i + 1}.json`), makeRecord(m.record));
  }
  out.push(`digest ${digest.digest('hex')}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'replay') replay(rest[0]);
else if (command === 'simulate') simulate(rest);
else refuse(`unknown command ${JSON.stringify(command ?? '')}\n${USAGE}`);
