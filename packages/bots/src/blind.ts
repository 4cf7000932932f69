// What a bot may see: the public state and its own hand. The only hidden field a request can carry is
// the match's random generator (`state.rng`): a bot never reads it. It searches with its own generator, seeded from
// the bot's seed and a fingerprint of the request that leaves `rng` out, so the same seed and request give the same
// choice whatever the match's generator holds.
import { createRng, type MatchState, type Rng } from '@star-eater/engine';

/** FNV-1a (32 bit) over a string: a cheap, stable fingerprint (not a security hash). */
function fnv1a(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** JSON of a value with every `rng` field of a match state left out. */
export function publicJson(value: unknown): string {
  return JSON.stringify(value, (k, v) => (k === 'rng' ? undefined : v));
}

/** The bot's own generator for one request: from its seed and the request's public content only. */
export function botRng(seed: string, level: string, request: unknown): Rng {
  const text = publicJson(request);
  return createRng(`star-eater-bot/1:${level}:${seed}:${fnv1a(text).toString(16)}:${text.length}`);
}

/**
 * The state as the bot sees it: the match generator replaced by one drawn from the bot's own, so any simulation it
 * runs rolls its own dice (the copy is shallow: the engine never mutates the state it is given).
 */
export function blindState(state: MatchState, rng: Rng): MatchState {
  return { ...state, rng: ownDice(rng) };
}

/** A generator state for the engine drawn from the bot's own generator (never all zero). */
export function ownDice(rng: Rng): MatchState['rng'] {
  return [rng.int(0x100000000), rng.int(0x100000000), rng.int(0x100000000), rng.int(0x100000000) | 1];
}
