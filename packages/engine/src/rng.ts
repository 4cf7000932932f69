// Seeded randomness. Algorithm: xoshiro128** (Blackman & Vigna, 2018) on four uint32 words, seeded from the
// SHA-256 of "star-eater-rng/1:" + seed. Only 32-bit integer maths (Math.imul, >>> 0), so the stream is identical
// in Node and in every browser. The state is plain data inside MatchState, so a match is reproducible from its seed.
import { sha256 } from './sha256.js';

export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  const h = sha256(`star-eater-rng/1:${seed}`);
  const s: RngState = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) s[i] = parseInt(h.slice(i * 8, i * 8 + 8), 16) >>> 0;
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is a fixed point
  return s;
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** Next uint32; advances the state in place. */
export function nextU32(s: RngState): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
  const t = (s[1] << 9) >>> 0;
  s[2] = (s[2] ^ s[0]) >>> 0;
  s[3] = (s[3] ^ s[1]) >>> 0;
  s[1] = (s[1] ^ s[2]) >>> 0;
  s[0] = (s[0] ^ s[3]) >>> 0;
  s[2] = (s[2] ^ t) >>> 0;
  s[3] = rotl(s[3], 11);
  return result;
}

/** Uniform integer in [0, n), unbiased (rejection sampling). */
export function nextInt(s: RngState, n: number): number {
  if (n <= 0 || n > 0x100000000) throw new RangeError(`nextInt: bad bound ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextU32(s);
    if (x < limit) return x % n;
  }
}

/** A die roll from 1 to sides. */
export const roll = (s: RngState, sides: number): number => nextInt(s, sides) + 1;

/** A convenience handle for bots and tests: an RNG over its own state. */
export interface Rng {
  state: RngState;
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}
export function createRng(seed: string): Rng {
  const state = seedRng(seed);
  return {
    state,
    int: (n) => nextInt(state, n),
    pick: (xs) => {
      if (xs.length === 0) throw new RangeError('pick from empty list');
      return xs[nextInt(state, xs.length)]!;
    },
    chance: (p) => nextU32(state) / 0x100000000 < p,
  };
}

/** Fair dice (RULES §7): the published commitment to a seed is its SHA-256, hex. */
export const seedHash = (seed: string): string => sha256(seed);
