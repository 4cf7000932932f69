// RULES §4.2, §4.4: the small tokens on the board — squadrons in space and weapon tokens.
import { describe, expect, it } from 'vitest';
import { testShip, testState, testToken } from './fixtures.js';
import { hex } from './hex.js';
import { smallTokenHexes, smallTokens } from './tokens.js';

describe('RULES §4.4: small tokens', () => {
  it('smallTokenHexes lists the hexes of smallTokens, in its order: squadrons in space, then weapon tokens', () => {
    const s = testState({ ships: [testShip(0), testShip(1, { core: hex(7, 4), facing: 'S' })] });
    const [a, b, c] = s.ships[1].squadrons;
    s.ships[1].squadrons = [
      { ...a, status: 'space', at: hex(9, 6), facing: 'S' },
      { ...b, status: 'space', at: hex(3, 3) }, // no facing: not on the board as a token
      { ...c, status: 'destroyed' },
    ];
    s.ships[0].squadrons[2] = { ...s.ships[0].squadrons[2], status: 'space', at: hex(5, 9), facing: 'N' };
    s.tokens = [testToken({ id: 't5', kind: 'torpedo', owner: 1, at: hex(5, 7), facing: 'SE', evasion: 2 })];
    expect(smallTokenHexes(s)).toEqual(smallTokens(s).map((t) => t.at));
    expect(smallTokenHexes(s)).toEqual([hex(5, 9), hex(9, 6), hex(5, 7)]);
  });
});
