// pnpm bench engine — what the rules engine costs.
//  1. rounds/s: resolving single rounds from random mid-game states (rounds 4–20 of random legal matches), each with
//     fresh random legal commitments and decisions, on one core (this process).
//  2. full matches: wall time to simulate 1,000 complete random matches (draft, every round, every decision).
import { createRng } from '../src/rng.js';
import { randomCommitment, randomDecision } from '../src/random.js';
import { resolveRoundWith } from '../src/round.js';
import { simulateMatch } from '../src/simulate.js';
import type { MatchState } from '../src/types.js';

const args = process.argv.slice(2);
const MATCHES = Number(args[args.indexOf('--matches') + 1]) || 1000;
const ROUNDS = Number(args[args.indexOf('--rounds') + 1]) || 50_000;

// Mid-game positions: the states after rounds 4–20 of random matches.
const positions: MatchState[] = [];
for (let i = 0; positions.length < 500; i++) {
  simulateMatch('bench-positions', i, {
    onRound: (s) => {
      if (s.winner === null && s.round >= 5 && s.round <= 21) positions.push(s);
    },
  });
}

const rng = createRng('bench-rounds');
// Commitments are drawn before the clock starts; decisions are drawn during resolution (they need the position).
const commitments = Array.from({ length: ROUNDS }, (_, i) => {
  const s = positions[i % positions.length]!;
  return [randomCommitment(s, 0, rng), randomCommitment(s, 1, rng)] as const;
});
let events = 0;
const t0 = performance.now();
for (let i = 0; i < ROUNDS; i++) {
  const s = positions[i % positions.length]!;
  const p = resolveRoundWith(s, commitments[i]!, (prompt, _k, now) => randomDecision(now, prompt, rng));
  if (p.status === 'done') events += p.events.length;
}
const t1 = performance.now();
const secs = (t1 - t0) / 1000;
console.log(
  `rounds: ${ROUNDS} rounds from ${positions.length} random mid-game states (rounds 4-20), random commitments and decisions: ` +
    `${Math.round(ROUNDS / secs)} rounds/s, ${((secs * 1e6) / ROUNDS).toFixed(1)} µs/round, ${(events / ROUNDS).toFixed(1)} events/round`,
);

const t2 = performance.now();
let rounds = 0;
let unfinished = 0;
for (let i = 0; i < MATCHES; i++) {
  const m = simulateMatch('bench-matches', i);
  rounds += m.rounds;
  if (m.winner === null || m.reason === 'round-limit') unfinished++;
}
const t3 = performance.now();
console.log(
  `matches: ${MATCHES} complete random matches (draft + ${rounds} rounds, mean ${(rounds / MATCHES).toFixed(1)} rounds/match, ${unfinished} hit the round limit): ` +
    `${((t3 - t2) / 1000).toFixed(2)} s, ${((t3 - t2) / MATCHES).toFixed(2)} ms/match`,
);
