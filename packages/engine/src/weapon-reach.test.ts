// RULES §4.2, §4.5: the commit panel's previews against what the round then resolves. When the other warship stands
// still (no momentum, engine NONE, no cards) and every prompt takes its time-out answer (squadrons pass, RULES §7), the
// drift preview is where the warship ends the round, and a weapon fires within its previewed reach from there: a beam
// covers exactly the previewed line, a projectile never leaves it, a direct-fire weapon is offered targets inside it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardPlays } from './commitment-options.js';
import { defaultDecision } from './defaults.js';
import type { Prompt } from './decision.js';
import { previewDrift } from './movement.js';
import { resolveRoundWith } from './round.js';
import { simulateMatch } from './simulate.js';
import { targetHex } from './targeting.js';
import { ENGINE_SETTINGS, type CardId, type Commitment, type Hex, type MatchState, type Seat } from './types.js';
import { stateWhenFiring, weaponReach } from './weapon-reach.js';

const WEAPON_CARDS: CardId[] = ['fire-main', 'port-broadside', 'starboard-broadside'];
const key = (h: Hex) => `${h.q},${h.r}`;

/** Round-start positions of a random match with every variant on. */
function positions(seed: string, index: number): MatchState[] {
  const out: MatchState[] = [];
  simulateMatch(seed, index, {
    variants: { rangeBands: true, initiativeRoll: true, criticalHits: true },
    onRound: (s) => {
      if (s.winner === null) out.push(structuredClone(s));
    },
  });
  return out;
}

/** The other warship standing still: its mat emptied (a legal position: momentum is whatever the rounds left). */
function otherStill(s: MatchState, seat: Seat): MatchState {
  const copy = structuredClone(s);
  copy.ships[seat === 0 ? 1 : 0].momentum = { linear: [], rotational: [] };
  return copy;
}

function checkPlay(start: MatchState, seat: Seat, commitment: Commitment): void {
  const play = commitment.cards[0]!;
  const drift = previewDrift(start, seat, commitment.engine).path.at(-1);
  const reach = weaponReach(stateWhenFiring(start, seat, commitment.engine), seat, play);
  const inReach = new Set(reach.map(key));
  const orders: [Commitment, Commitment] = [
    { engine: 'NONE', cards: [] },
    { engine: 'NONE', cards: [] },
  ];
  orders[seat] = commitment;
  const prompts: { prompt: Prompt; state: MatchState }[] = [];
  const p = resolveRoundWith(start, orders, (prompt, _i, state) => {
    prompts.push({ prompt, state: structuredClone(state) });
    return defaultDecision(prompt);
  });
  if (p.status !== 'done') throw new Error(`the round ended ${p.status}`);
  const ship = p.state.ships[seat];
  expect({ core: ship.core, facing: ship.facing }).toEqual(
    drift ?? { core: start.ships[seat].core, facing: start.ships[seat].facing },
  );
  const spawned = new Set<string>();
  for (const e of p.events) {
    if (e.type === 'beam' && e.source.seat === seat) expect(e.path).toEqual(reach);
    if (e.type === 'token-spawned' && e.token.owner === seat && e.token.kind === 'projectile') spawned.add(e.token.id);
    if (e.type === 'token-moved' && spawned.has(e.token.id))
      for (const h of e.path)
        if (inReach.size && !inReach.has(key(h))) expect.fail(`projectile left its line at ${key(h)}`);
  }
  for (const { prompt, state } of prompts) {
    if (prompt.kind !== 'direct-fire' || prompt.seat !== seat) continue;
    for (const o of prompt.options) {
      const at = targetHex(state, o.target);
      if (at) expect(inReach.has(key(at)), `${JSON.stringify(o.target)} outside the previewed reach`).toBe(true);
    }
  }
}

describe('weaponReach and previewDrift against the resolved round', () => {
  it('RULES §4.2, §4.5: the warship ends where the ghost is and fires within the previewed reach', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.nat(200),
        fc.nat(),
        fc.constantFrom(...ENGINE_SETTINGS),
        (seed, index, pick, engine) => {
          const all = positions(seed, index);
          if (all.length === 0) return;
          const s = all[pick % all.length]!;
          for (const seat of [0, 1] as const) {
            const start = otherStill(s, seat);
            for (const card of WEAPON_CARDS)
              for (const play of cardPlays(start, seat, card)) checkPlay(start, seat, { engine, cards: [play] });
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
