// RULES §5: what a loadout may hold — squadron triples within the copy limits, munitions within capacity and the
// squadron torpedo tokens, a match record's loadout checked field by field.
import { describe, expect, it } from 'vitest';
import { FPA, LAMAIS } from './content/index.js';
import { FPA_LOADOUT, LAMAIS_LOADOUT } from './fixtures.js';
import { checkLoadout, checkMunitions, checkSquadrons, munitionRules, squadronTriples } from './loadout-check.js';

describe('RULES §5: squadrons', () => {
  it('RULES §5: the legal squadron triples are every multiset within the rules (FPA 21, Lamais 25)', () => {
    for (const [f, n] of [
      [FPA, 21],
      [LAMAIS, 25],
    ] as const) {
      const triples = squadronTriples(f);
      expect(triples).toHaveLength(n);
      // Cross-check against all ordered triples of the deck.
      const legal = new Set<string>();
      for (const a of f.squadrons)
        for (const b of f.squadrons)
          for (const c of f.squadrons) {
            if (checkSquadrons(f, [a.id, b.id, c.id]).ok) legal.add([a.id, b.id, c.id].sort().join());
          }
      expect(new Set(triples.map((t) => [...t].sort().join()))).toEqual(legal);
    }
  });
});

describe('RULES §5: munitions', () => {
  it('RULES §5: with less than 4 capacity, exactly the whole capacity is placed', () => {
    const rules = munitionRules(FPA, ['fpa-torpedo-bomber', 'fpa-torpedo-bomber', 'fpa-pathfinder']);
    expect(rules).toEqual({ capacity: [1, 1, 1], torpedo: [true, true, false], torpedoTokens: 3, total: 3 });
    expect(checkMunitions(rules, [1, 1, 1]).ok).toBe(true);
    expect(checkMunitions(rules, [1, 1, 0])).toMatchObject({ ok: false, error: { code: 'munitions-total' } });
  });

  it("RULES §5: torpedo munitions are limited by the faction's squadron torpedo tokens", () => {
    const rules = munitionRules({ ...FPA, squadronTorpedoTokens: 1 }, [
      'fpa-torpedo-bomber',
      'fpa-torpedo-bomber',
      'fpa-pathfinder',
    ]);
    expect(rules.total).toBe(2);
    expect(checkMunitions(rules, [1, 1, 0])).toMatchObject({ ok: false, error: { code: 'torpedo-tokens' } });
    expect(checkMunitions(rules, [0, 1, 1]).ok).toBe(true);
  });
});

describe('checkLoadout (match records)', () => {
  it('accepts a legal loadout and names the first bad field', () => {
    expect(checkLoadout(FPA, FPA_LOADOUT)).toEqual({ ok: true, value: FPA_LOADOUT });
    expect(checkLoadout(FPA, LAMAIS_LOADOUT)).toMatchObject({
      ok: false,
      error: { code: 'wrong-faction', message: expect.stringMatching(/^main:/) },
    });
    expect(checkLoadout(FPA, { ...FPA_LOADOUT, engine: 'x' })).toMatchObject({
      ok: false,
      error: { message: 'engine: unknown field' },
    });
    const { pointDefence: _, ...noPd } = FPA_LOADOUT;
    expect(checkLoadout(FPA, noPd)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^pointDefence:/) },
    });
    expect(
      checkLoadout(FPA, { ...FPA_LOADOUT, squadrons: ['fpa-gunship', 'fpa-gunship', 'fpa-interceptor'] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'copy-limit', message: expect.stringMatching(/^squadrons:/) },
    });
    expect(checkLoadout(FPA, 'fpa')).toMatchObject({ ok: false, error: { code: 'malformed' } });
  });
});
