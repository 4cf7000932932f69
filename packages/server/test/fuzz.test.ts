// The seeded room fuzz in the suite (fuzz/room-fuzz.ts): garbage, wrong shapes, out-of-phase messages and
// spectators acting change nothing, close no connection, and every one of them is answered with an error.
import { expect, it } from 'vitest';
import { fuzzRoom } from '../fuzz/room-fuzz.js';

it('4,000 seeded hostile messages over two phases: state unchanged, connections kept, each one refused', async () => {
  const counts = await fuzzRoom({ seed: 'suite', messages: 4000 });
  expect(counts.sent).toBe(4000);
  expect(counts.phases).toEqual(['factions', 'commit']);
  for (const kind of ['garbage', 'wrong-shape', 'out-of-phase', 'garbage-payload', 'spectator-valid'])
    expect(counts.byKind[kind], kind).toBeGreaterThan(100);
  // Every message got its error reply (none was taken, none was dropped silently).
  expect(Object.values(counts.errors).reduce((x, y) => x + y, 0)).toBe(4000);
  expect(counts.errors.spectator).toBeGreaterThan(0);
  expect(counts.errors['wrong-phase']).toBeGreaterThan(0);
  expect(counts.errors['bad-payload']).toBeGreaterThan(0);
  expect(counts.errors['bad-type']).toBeGreaterThan(0);
}, 120_000);
