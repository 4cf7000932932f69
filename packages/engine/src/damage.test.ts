// RULES §3: a hit of D on a section with armour A > 0 sets its armour to max(0, A − D) and the excess is lost; a hit
// on a section whose armour is 0 removes D structure; structure 0 destroys the ship.
import { describe, expect, it } from 'vitest';
import { dealDamage } from './damage.js';
import { testCtx, testState } from './fixtures.js';

const src = { seat: 1, by: 'test' } as const;

describe('RULES §3 damage to a section', () => {
  it('RULES §3: armour damage in excess of the section is lost: 5 on armour 3 leaves armour 0 and structure whole', () => {
    const s = testState();
    s.ships[0].armour.port = 3;
    const ctx = testCtx(s);
    dealDamage(ctx, 0, 'port', 5, src);
    expect(ctx.events).toEqual([
      {
        type: 'damage',
        seat: 0,
        section: 'port',
        amount: 5,
        armourBefore: 3,
        armourAfter: 0,
        structureBefore: 10,
        structureAfter: 10,
        lost: 2,
        source: src,
      },
    ]);
    expect(s.ships[0].structure).toBe(10);
    expect(s.ships[0].armour).toMatchObject({ port: 0, bow: 4, core: 5, starboard: 3 }); // other sections untouched
  });

  it('RULES §3: the next hit on that section, now at armour 0, removes structure, all of it', () => {
    const s = testState();
    s.ships[0].armour.port = 0;
    const ctx = testCtx(s);
    dealDamage(ctx, 0, 'port', 3, src);
    expect(ctx.events).toEqual([
      expect.objectContaining({ armourBefore: 0, armourAfter: 0, structureBefore: 10, structureAfter: 7, lost: 0 }),
    ]);
  });

  it('RULES §3: exactly the armour is no excess (nothing lost, nothing to structure)', () => {
    const s = testState();
    const ctx = testCtx(s);
    dealDamage(ctx, 0, 'bow', 4, src);
    expect(ctx.events).toEqual([
      expect.objectContaining({ armourBefore: 4, armourAfter: 0, lost: 0, structureAfter: 10 }),
    ]);
  });

  it('RULES §3: structure 0 destroys the ship; structure never goes below 0', () => {
    const s = testState();
    s.ships[0].armour.core = 0;
    s.ships[0].structure = 2;
    const ctx = testCtx(s);
    dealDamage(ctx, 0, 'core', 3, src);
    expect(ctx.events.map((e) => e.type)).toEqual(['damage', 'ship-destroyed']);
    expect(s.ships[0].structure).toBe(0);
  });
});
