import { describe, expect, it } from 'vitest';
import { resolveCleanup } from './cleanup.js';
import { testCtx, testShip, testState } from './fixtures.js';
import { seedRng } from './rng.js';

describe('RULES §4.6: cleanup', () => {
  it('RULES §4.6: one cooldown token comes off every component, then what acted takes its cooldown', () => {
    const s = testState();
    s.ships[0].cooldown = { main: 2, broadside: 0, fighterBay: 0, pointDefence: 1 };
    const ctx = testCtx(s);
    ctx.activated[0].add('broadside'); // Torpedo Racks, cooldown 2
    ctx.activated[1].add('main'); // Spinal Railgun, cooldown 2
    resolveCleanup(ctx);
    expect(s.ships[0].cooldown).toEqual({ main: 1, broadside: 2, fighterBay: 0, pointDefence: 0 });
    expect(s.ships[1].cooldown.main).toBe(2);
    expect(ctx.events.filter((e) => e.type === 'cooldown')).toHaveLength(4);
  });

  it('RULES §4.6: a cooldown-0 component that acted takes nothing', () => {
    const s = testState();
    const ctx = testCtx(s);
    ctx.activated[0].add('pointDefence'); // CIWS, cooldown 0
    resolveCleanup(ctx);
    expect(s.ships[0].cooldown.pointDefence).toBe(0);
  });

  it('RULES §4.6: the initiative token passes and the round advances; per-round flags reset', () => {
    const s = testState({ initiative: 1, round: 4 });
    s.ships[0].squadrons[0].activated = true;
    s.ships[0].squadrons[0].launchedThisRound = true;
    s.ships[1].effects.markedBonus = 1;
    const ctx = testCtx(s);
    resolveCleanup(ctx);
    expect(s.initiative).toBe(0);
    expect(s.round).toBe(5);
    expect(s.ships[0].squadrons[0]).toMatchObject({ activated: false, launchedThisRound: false });
    expect(s.ships[1].effects.markedBonus).toBe(0);
    expect(ctx.events.at(-1)).toEqual({ type: 'initiative', seat: 0 });
  });

  it('RULES §6: Automated Hangar gives each squadron aboard 1 munition within capacity (ruling: aboard, not in space)', () => {
    const ship = testShip(0, { loadout: { ...testShip(0).loadout, fighterBay: 'fpa-automated-hangar' } });
    ship.squadrons[0].munitions = 0; // Interceptor, capacity 2, aboard
    ship.squadrons[1].munitions = 2; // full
    ship.squadrons[2] = { ...ship.squadrons[2], status: 'space', at: { q: 3, r: 3 }, facing: 'N', munitions: 0 };
    const s = testState({ ships: [ship, testShip(1)] });
    resolveCleanup(testCtx(s));
    expect(s.ships[0].squadrons.map((q) => q.munitions)).toEqual([1, 2, 0]);
  });

  it('RULES §9: with the initiative roll, the higher d12 takes initiative and a tie keeps it', () => {
    const saw = { keep: false, change: false };
    for (let i = 0; i < 40; i++) {
      const s = testState({ variants: { rangeBands: false, initiativeRoll: true, criticalHits: false } });
      s.rng = seedRng(`initiative-${i}`);
      const ctx = testCtx(s);
      resolveCleanup(ctx);
      const roll = ctx.events.find((e) => e.type === 'initiative-roll');
      if (roll?.type !== 'initiative-roll') throw new Error('no roll');
      const [a, b] = roll.rolls;
      const expected = a === b ? 0 : a > b ? 0 : 1;
      expect(s.initiative).toBe(expected);
      if (expected === 0) saw.keep = true;
      else saw.change = true;
    }
    expect(saw).toEqual({ keep: true, change: true });
  });

  it('RULES §9: comms knocked out — that ship does not hold initiative next round', () => {
    const s = testState({ initiative: 1 });
    s.ships[0].effects.commsDown = true; // initiative would pass to seat 0
    resolveCleanup(testCtx(s));
    expect(s.initiative).toBe(1);
    expect(s.ships[0].effects.commsDown).toBe(false);
  });
});
