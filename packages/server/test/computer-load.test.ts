// Issue 10: the computer thinks off the rooms' event loop. 50 human matches and 50 matches against the computer
// (`hard`, its real budget and pause) at once: the human matches' p99 from the second lock-in to both results stays
// within 2x of their p99 without the computer. The phases are counted in rounds, not seconds, and alternate (without,
// with, without, with, without; each side pooled), so the other load of a shared machine weighs on both sides.
// Absolute figures are the bench's: `pnpm bench server --bot-matches N`.
import { expect, it } from 'vitest';
import { serverForFile, type TestServer } from './harness.js';
import { computerMatch, humanMatch, quantile, thinker, type Sink } from './load-players.js';

const HUMAN_MATCHES = 50;
const COMPUTER_MATCHES = 50;
const ROUNDS_PER_PHASE = 250;

const server = serverForFile();

/** Measures the next `n` human rounds. */
function collect(sink: Sink, n: number): Promise<number[]> {
  sink.latencies = [];
  sink.measuring = true;
  return new Promise((resolve) => {
    sink.onSample = () => {
      if (sink.latencies.length < n) return;
      sink.measuring = false;
      sink.onSample = undefined;
      resolve(sink.latencies.slice(0, n));
    };
  });
}

/** Starts the matches against the computer and waits until it is at work in every one (past its draft). */
async function startComputers(s: TestServer, sink: Sink, think: () => number): Promise<Array<() => Promise<void>>> {
  const stops: Array<() => Promise<void>> = [];
  const asked = () => s.bots.counts.done + s.bots.counts.cancelled;
  const before = asked();
  for (let i = 0; i < COMPUTER_MATCHES; i++) stops.push(await computerMatch(s.wsUrl, i, 'hard', think));
  // A draft is 7 questions (faction, 4 picks, swap, munitions): past it, the computer thinks every round. (On a
  // small machine 50 `hard` searches at once are more than the pool can answer in time: some questions get the
  // RULES §7 default, their queued jobs dropped; either way the pool is at full work.)
  await new Promise<void>((resolve) => {
    sink.measuring = true;
    sink.onSample = () => asked() >= before + COMPUTER_MATCHES * 9 && resolve();
  });
  return stops;
}

it('issue 10: 50 matches against the computer do not slow 50 human matches (p99 within 2x)', async () => {
  const s = server.get();
  const sink: Sink = { measuring: false, latencies: [] };
  const think = thinker([100, 400]);
  const stops: Array<() => Promise<void>> = [];
  try {
    for (let i = 0; i < HUMAN_MATCHES; i++) stops.push(await humanMatch(s.wsUrl, i, think, sink));
    await collect(sink, 200); // warm-up: every match under way
    // Without, with, without, with, without: drift in the machine's other load weighs on both sides.
    const without: number[][] = [];
    const withComputer: number[][] = [];
    const answered = s.bots.counts.done;
    for (let k = 0; k < 3; k++) {
      without.push(await collect(sink, ROUNDS_PER_PHASE));
      if (k === 2) break;
      const computers = await startComputers(s, sink, think);
      withComputer.push(await collect(sink, ROUNDS_PER_PHASE));
      await Promise.all(computers.map((stop) => stop()));
    }
    const base = quantile(without.flat(), 0.99);
    const loaded = quantile(withComputer.flat(), 0.99);
    const p99s = (xs: number[][]) => xs.map((x) => quantile(x, 0.99).toFixed(0)).join(', ');
    console.log(
      `humans' p99 lock-in→results: without the computer ${base.toFixed(1)} ms (phases: ${p99s(without)}), ` +
        `with ${COMPUTER_MATCHES} matches against it ${loaded.toFixed(1)} ms (phases: ${p99s(withComputer)}); ` +
        `it answered ${s.bots.counts.done - answered} times (${s.bots.counts.cancelled} questions took the default)`,
    );
    expect(s.bots.counts.done - answered).toBeGreaterThan(COMPUTER_MATCHES);
    expect(s.bots.counts.failed).toBe(0);
    expect(loaded).toBeLessThanOrEqual(2 * base);
  } finally {
    await Promise.all(stops.map((stop) => stop()));
  }
}, 300_000);
