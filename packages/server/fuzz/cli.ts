// `pnpm fuzz [--messages N] [--seed S]`: the room fuzz (room-fuzz.ts) for longer than the suite runs it; prints what it
// sent by kind, the error replies by code, and exits 1 at the first broken rule (state changed, connection closed,
// server not answering).
import { fuzzRoom } from './room-fuzz.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const messages = Number.parseInt(arg('messages', '20000'), 10);
const seed = arg('seed', 'cli');
if (!Number.isInteger(messages) || messages < 2) {
  console.error('usage: pnpm fuzz [--messages N (≥ 2)] [--seed S]');
  process.exit(2);
}
const started = performance.now();
let last = 0;
try {
  const counts = await fuzzRoom({
    seed,
    messages,
    batch: 500,
    log: (line) => {
      if (performance.now() - last > 2000) {
        last = performance.now();
        console.log(line);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ seed, ...counts, seconds: +seconds.toFixed(1) }, null, 2));
  const errors = Object.values(counts.errors).reduce((x, y) => x + y, 0);
  console.log(
    `${counts.sent} messages in ${counts.batches} batches (${Math.round(counts.sent / seconds)}/s): ` +
      `${errors} error replies, state unchanged, every connection kept, server up`,
  );
  process.exit(0);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
