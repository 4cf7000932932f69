// The squadron table's weapons (RULES §6) as they attack: the Hammer's close assault and the Lancer's beam, with
// their figures from the content, through the squadron action of the fighter phase (RULES §4.4, §4.5).
import { describe, expect, it } from 'vitest';
import { squadronCard } from './content/index.js';
import { testState } from './fixtures.js';
import { hex } from './hex.js';
import { validateSquadronEnd } from './squadron-action.js';
import { act, rigNextRoll, space } from './squadron-action.scene.js';

// Seat 0 (FPA, evasion 0) core (7,10) facing N: bow (7,9), armour 4. Seat 1 (Lamais) owns the Hammer and the Lancer.
const bow = { kind: 'section', seat: 0, section: 'bow' } as const;

describe('RULES §6 Hammer: direct fire, range 1, accuracy 3, damage 3, front arc', () => {
  it('RULES §6: the content gives the Hammer its table figures', () => {
    expect(squadronCard('lamais-hammer').weapon).toEqual({
      kind: 'direct',
      range: 1,
      accuracy: 3,
      damage: 3,
      arc: 'front',
    });
  });

  it('RULES §4.5, §6: next to the bow it hits on d12 > 6 + 0 − 3 and deals 3 to the armour', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-hammer', hex(7, 8), 'S');
    const d12 = rigNextRoll(s, (r) => r > 3);
    const events = act(s, 1, 2, { kind: 'action', target: bow });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'attack', 'damage']);
    expect(events[1]).toMatchObject({
      target: bow,
      detail: { roll: d12, evasion: 0, accuracy: 3, needAbove: 3, hit: true },
    });
    expect(events[2]).toMatchObject({ amount: 3, armourBefore: 4, armourAfter: 1, lost: 0 });
    expect(s.ships[0].armour.bow).toBe(1);
    expect(s.ships[1].squadrons[2]!.munitions).toBe(0);
  });

  it('RULES §4.5, §6: a roll of 3 or less misses and changes no armour', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-hammer', hex(7, 8), 'S');
    rigNextRoll(s, (r) => r <= 3);
    const events = act(s, 1, 2, { kind: 'action', target: bow });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'attack']);
    expect(s.ships[0].armour.bow).toBe(4);
  });

  it('RULES §6: range 1 and the front arc: two hexes away, or the bow behind it, is not a legal target', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-hammer', hex(7, 7), 'S'); // 2 from the bow
    const far = validateSquadronEnd(s, 1, 2, { kind: 'action', target: bow });
    expect(far.ok ? 'ok' : far.error.code).toBe('not-a-legal-target');
    space(s, 1, 2, 'lamais-hammer', hex(7, 8), 'N'); // adjacent, but facing away
    const behind = validateSquadronEnd(s, 1, 2, { kind: 'action', target: bow });
    expect(behind.ok ? 'ok' : behind.error.code).toBe('not-a-legal-target');
  });
});

describe('RULES §6 Lancer: laser, range 3, damage 2', () => {
  it('RULES §6: the content gives the Lancer its table figures', () => {
    expect(squadronCard('lamais-lancer').weapon).toEqual({ kind: 'laser', range: 3, damage: 2 });
  });

  it('RULES §4.5: the full 2 damage reaches a warship 3 hexes along its facing', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-lancer', hex(7, 6), 'S');
    const events = act(s, 1, 2, { kind: 'action' });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'beam', 'damage']);
    expect(events[1]).toMatchObject({ path: [hex(7, 7), hex(7, 8), hex(7, 9)], damageStart: 2, damageEnd: 2 });
    expect(events[2]).toMatchObject({ section: 'bow', amount: 2, armourBefore: 4, armourAfter: 2 });
  });

  it('RULES §4.5: the beam is 3 hexes long: a warship 4 hexes along the facing is not reached', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-lancer', hex(7, 5), 'S');
    const events = act(s, 1, 2, { kind: 'action' });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'beam']);
    expect(events[1]).toMatchObject({ path: [hex(7, 6), hex(7, 7), hex(7, 8)], stoppedAt: null });
    expect(s.ships[0].armour.bow).toBe(4);
  });
});
