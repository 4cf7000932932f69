import { describe, expect, it } from 'vitest';
import { testCtx, testShip, testState } from './fixtures.js';
import { seedRng } from './rng.js';
import { applyDamage } from './warship.js';
import type { MatchState } from './types.js';

const bare = { bow: 0, core: 0, port: 0, starboard: 0 };
function critState(rng: [number, number, number, number]): MatchState {
  const s = testState({ variants: { rangeBands: false, initiativeRoll: false, criticalHits: true } });
  s.ships[1] = testShip(1, { armour: { ...bare } });
  s.rng = rng;
  return s;
}

describe('RULES §9: critical hits', () => {
  it('RULES §9: structure damage rolls a d12; armour damage does not', () => {
    const s = critState(seedRng('crit'));
    const ctx = testCtx(s);
    applyDamage(ctx, 0, 'bow', 2, { seat: 1, by: 'test' });
    expect(ctx.events.some((e) => e.type === 'critical')).toBe(false);
    applyDamage(ctx, 1, 'core', 1, { seat: 0, by: 'test' });
    expect(ctx.events.filter((e) => e.type === 'critical')).toHaveLength(1);
  });

  it('RULES §9: on 10+ a d6 picks one of the six effects, each applied as the table says', () => {
    const seen = new Set<string>();
    for (let i = 1; i < 400 && seen.size < 6; i++) {
      const s = critState(seedRng(`crit-${i}`));
      const ctx = testCtx(s);
      const before = structuredClone(s.ships[1]);
      applyDamage(ctx, 1, 'core', 1, { seat: 0, by: 'test' });
      const c = ctx.events.find((e) => e.type === 'critical');
      if (c?.type !== 'critical') throw new Error('no critical event');
      if (c.trigger < 10) {
        expect(c.effect).toBeNull();
        continue;
      }
      expect(c.roll).toBeGreaterThanOrEqual(1);
      seen.add(c.effect!);
      const w = s.ships[1];
      switch (c.effect) {
        case 'thruster-locked':
          expect(w.effects.thrusterLocked).toBe(true);
          break;
        case 'weapon-malfunction':
          expect(w.cooldown.main + w.cooldown.broadside).toBe(before.cooldown.main + before.cooldown.broadside + 2);
          break;
        case 'comms-down':
          expect(w.effects.commsDown).toBe(true);
          break;
        case 'screens-fail':
          expect(w.effects.screensFailUntil).toBe(s.round + 1);
          break;
        case 'hull-breach':
          expect(w.structure).toBe(before.structure - 2); // the hit and one more, with no second critical roll
          expect(ctx.events.filter((e) => e.type === 'critical')).toHaveLength(1);
          break;
        case 'fuel-leak':
          expect(w.effects.fuelLeak).toBe(true);
          break;
      }
    }
    expect(seen.size).toBe(6);
  });

  it('RULES §9: off by default — no roll', () => {
    const s = testState();
    s.ships[1] = testShip(1, { armour: { ...bare } });
    const ctx = testCtx(s);
    applyDamage(ctx, 1, 'core', 1, { seat: 0, by: 'test' });
    expect(ctx.events.map((e) => e.type)).toEqual(['damage']);
  });
});
