import { describe, expect, it } from 'vitest';
import { testState, testToken } from './fixtures.js';
import { hex } from './hex.js';
import { markTargets, spawnHex, squadronEndOptions, validateSquadronEnd } from './squadron-action.js';
import type { Dir, Hex, MatchState } from './types.js';

import { act, rigNextRoll, space } from './squadron-action.scene.js';

const code = (r: ReturnType<typeof validateSquadronEnd>): string => (r.ok ? 'ok' : r.error.code);

describe('direct fire (RULES §4.4, §4.5)', () => {
  // Interceptor (range 2, accuracy 2, damage 1, front) at (3,5) facing N; an enemy Dart (evasion 3) 2 ahead.
  const setup = (): MatchState => {
    const s = testState();
    space(s, 0, 0, 'fpa-interceptor', hex(3, 5), 'N');
    space(s, 1, 0, 'lamais-dart', hex(3, 3), 'S');
    return s;
  };

  it('RULES §4.5: a hit (d12 > 6 + 3 − 2) destroys the squadron and spends the munition', () => {
    const s = setup();
    const d12 = rigNextRoll(s, (r) => r > 7);
    const events = act(s, 0, 0, { kind: 'action', target: { kind: 'squadron', id: '1:0' } });
    expect(events).toEqual([
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 0, reason: 'action' },
      {
        type: 'attack',
        source: {
          seat: 0,
          by: 'squadron:0:0',
          weapon: 'fpa-interceptor',
          attackArc: 'front',
          targetArcs: ['front', 'bullseye', 'fullFront'],
        },
        from: hex(3, 5),
        target: { kind: 'squadron', id: '1:0' },
        detail: { roll: d12, evasion: 3, accuracy: 2, baseAccuracy: 2, modifiers: [], needAbove: 7, hit: true },
      },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '1:0', owner: 1 },
        at: hex(3, 3),
        cause: 'direct-fire',
        source: {
          seat: 0,
          by: 'squadron:0:0',
          weapon: 'fpa-interceptor',
          attackArc: 'front',
          targetArcs: ['front', 'bullseye', 'fullFront'],
        },
      },
      { type: 'munitions', seat: 1, squadron: '1:0', before: 1, after: 0, reason: 'destroyed' },
    ]);
    expect(s.ships[0].squadrons[0]!.munitions).toBe(0);
    expect(s.ships[1].squadrons[0]!.status).toBe('destroyed');
  });

  it('draft §6.4.4: a miss still spends the munition', () => {
    const s = setup();
    rigNextRoll(s, (r) => r <= 7);
    const events = act(s, 0, 0, { kind: 'action', target: { kind: 'squadron', id: '1:0' } });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'attack']);
    expect(events[1]).toMatchObject({ detail: { hit: false, needAbove: 7 } });
    expect(s.ships[0].squadrons[0]!.munitions).toBe(0);
    expect(s.ships[1].squadrons[0]!.status).toBe('space');
  });

  it('RULES §4.4: a target out of the front arc, out of range, or no target at all is illegal', () => {
    const s = setup();
    s.ships[1].squadrons[0]!.at = hex(3, 7); // behind
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action', target: { kind: 'squadron', id: '1:0' } }))).toBe(
      'not-a-legal-target',
    );
    s.ships[1].squadrons[0]!.at = hex(3, 2); // 3 ahead, range 2
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action', target: { kind: 'squadron', id: '1:0' } }))).toBe(
      'not-a-legal-target',
    );
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action' }))).toBe('illegal-action');
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action', target: { kind: 'squadron', id: '0:1' } }))).toBe(
      'not-a-legal-target',
    );
  });

  it('RULES §2: a single turret (Gunship) attacks through the arc it is set to; unset → the first that reaches', () => {
    const s = testState();
    space(s, 0, 0, 'fpa-gunship', hex(3, 5), 'N');
    space(s, 1, 0, 'lamais-dart', hex(3, 7), 'S'); // 2 behind
    const target = { kind: 'squadron', id: '1:0' };
    expect(validateSquadronEnd(s, 0, 0, { kind: 'action', target, turret: 'rear' })).toEqual({
      ok: true,
      value: { kind: 'action', target, turret: 'rear' },
    });
    expect(validateSquadronEnd(s, 0, 0, { kind: 'action', target })).toEqual({
      ok: true,
      value: { kind: 'action', target, turret: 'rear' },
    });
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action', target, turret: 'front' }))).toBe('not-a-legal-target');
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action', target, turret: 'up' }))).toBe('illegal-action');
    rigNextRoll(s, () => true);
    const events = act(s, 0, 0, { kind: 'action', target });
    expect(events[1]).toMatchObject({ type: 'attack', source: { attackArc: 'rear' } });
  });

  it('RULES §6 Warden: squadrons and torpedoes only, in any direction', () => {
    const s = testState();
    space(s, 1, 0, 'lamais-warden', hex(7, 7), 'N'); // 2 north of the FPA bow (7,9)… facing away from it
    space(s, 0, 0, 'fpa-interceptor', hex(7, 5), 'N'); // 2 ahead
    space(s, 0, 1, 'fpa-interceptor', hex(8, 7), 'N'); // 1 away, to its right
    const o = squadronEndOptions(s, 1, 0, hex(7, 7), 'S'); // turned to face the FPA ship
    expect(o.targets.map((t) => t.target)).toEqual([
      { kind: 'squadron', id: '0:0' },
      { kind: 'squadron', id: '0:1' },
    ]);
    expect(
      code(validateSquadronEnd(s, 1, 0, { kind: 'action', target: { kind: 'section', seat: 0, section: 'bow' } })),
    ).toBe('not-a-legal-target');
  });
});

describe('laser (RULES §4.5, draft §6.4.5)', () => {
  it('RULES §4.5: a Lancer beam runs along its facing, destroys tokens (−1 each) and stops at the first warship hex', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-lancer', hex(7, 6), 'S'); // facing S toward the FPA bow (7,9), 3 hexes away
    space(s, 0, 0, 'fpa-interceptor', hex(7, 8), 'N');
    const events = act(s, 1, 2, { kind: 'action' });
    const source = { seat: 1, by: 'squadron:1:2', weapon: 'lamais-lancer' };
    expect(events).toEqual([
      { type: 'munitions', seat: 1, squadron: '1:2', before: 1, after: 0, reason: 'action' },
      {
        type: 'beam',
        source,
        from: hex(7, 6),
        dir: 'S',
        path: [hex(7, 7), hex(7, 8), hex(7, 9)],
        damageStart: 2,
        damageEnd: 1,
        stoppedAt: { seat: 0, section: 'bow' },
      },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '0:0', owner: 0 },
        at: hex(7, 8),
        cause: 'laser',
        source,
      },
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 0, reason: 'destroyed' },
      {
        type: 'damage',
        seat: 0,
        section: 'bow',
        amount: 1,
        armourBefore: 4,
        armourAfter: 3,
        structureBefore: 10,
        structureAfter: 10,
        lost: 0,
        source,
      },
    ]);
    expect(s.ships[1].squadrons[2]!.munitions).toBe(0);
  });

  it('draft §6.4.4: a beam that hits nothing still spends the munition', () => {
    const s = testState();
    space(s, 1, 2, 'lamais-lancer', hex(1, 5), 'NW', 2);
    const events = act(s, 1, 2, { kind: 'action' });
    expect(events.map((e) => e.type)).toEqual(['munitions', 'beam']);
    expect(s.ships[1].squadrons[2]!.munitions).toBe(1);
  });
});

describe('torpedo (RULES §4.4, draft §6.4.5)', () => {
  it('RULES §4.4: the munition becomes a torpedo token on the hex ahead; the supply is unchanged', () => {
    const s = testState();
    space(s, 0, 0, 'fpa-torpedo-bomber', hex(3, 5), 'NE');
    const events = act(s, 0, 0, { kind: 'action' });
    expect(events).toEqual([
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 0, reason: 'action' },
      {
        type: 'token-spawned',
        token: { kind: 'torpedo', id: 't1', owner: 0 },
        at: hex(4, 4),
        facing: 'NE',
        weapon: 'fpa-torpedo-bomber',
      },
    ]);
    expect(s.tokens).toEqual([
      {
        id: 't1',
        kind: 'torpedo',
        owner: 0,
        source: 'squadronTorpedo',
        at: hex(4, 4),
        facing: 'NE',
        damage: 3,
        speed: 2,
        firedRound: 1,
        evasion: 2,
        weapon: 'fpa-torpedo-bomber',
      },
    ]);
    expect(s.ships[0].supply.squadronTorpedo).toBe(3);
    expect(s.ships[0].squadrons[0]!.munitions).toBe(0);
  });

  it('RULES §4.4: the token still spawns when the squadron torpedo supply is empty (the munition is the token)', () => {
    const s = testState();
    s.ships[0].supply.squadronTorpedo = 0;
    space(s, 0, 0, 'fpa-torpedo-bomber', hex(3, 5), 'N');
    act(s, 0, 0, { kind: 'action' });
    expect(s.tokens).toHaveLength(1);
    expect(s.ships[0].supply.squadronTorpedo).toBe(0);
  });

  it.each<[string, (s: MatchState) => void, Hex, Dir]>([
    ['a projectile', (s) => void s.tokens.push(testToken({ at: hex(3, 4), facing: 'N' })), hex(3, 5), 'N'],
    ['an own squadron', (s) => void space(s, 0, 1, 'fpa-interceptor', hex(3, 4), 'S'), hex(3, 5), 'N'],
    ['an enemy squadron', (s) => void space(s, 1, 1, 'lamais-dart', hex(3, 4), 'S'), hex(3, 5), 'N'],
    ['a warship hex', () => {}, hex(7, 2), 'N'],
    ['off the board', () => {}, hex(0, 5), 'NW'],
  ])('draft §6.4.5: no torpedo when the hex ahead holds %s', (_name, block, at, facing) => {
    const s = testState();
    space(s, 0, 0, 'fpa-torpedo-bomber', at, facing);
    block(s);
    expect(spawnHex(s, s.ships[0].squadrons[0]!)).toBeNull();
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action' }))).toBe('illegal-action');
    expect(squadronEndOptions(s, 0, 0, at, facing).spawnClear).toBe(false);
  });
});

describe('Mark (RULES §6 Pathfinder)', () => {
  it('RULES §6: marks the enemy warship within 3 in its front arc; a later direct fire at it has +1 accuracy', () => {
    const s = testState();
    space(s, 0, 0, 'fpa-pathfinder', hex(7, 4), 'N'); // the enemy bow (7,1) is 3 straight ahead
    space(s, 0, 1, 'fpa-interceptor', hex(7, 3), 'N', 2);
    expect(markTargets(s, 0, s.ships[0].squadrons[0]!)).toEqual([1]);
    const events = act(s, 0, 0, { kind: 'action' });
    expect(events).toEqual([
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 0, reason: 'action' },
      { type: 'squadron-marked', seat: 0, squadron: '0:0', target: 1, bonus: 1 },
    ]);
    expect(s.ships[1].effects.markedBonus).toBe(1);
    // The Interceptor (accuracy 2) then fires at the bow: evasion 1 (Lamais), accuracy 2 + 1.
    const o = squadronEndOptions(s, 0, 1, hex(7, 3), 'N');
    expect(o.targets.find((t) => t.target.kind === 'section' && t.target.section === 'bow')).toEqual({
      target: { kind: 'section', seat: 1, section: 'bow' },
      hitTwelfths: 8,
      distance: 2,
    });
    const fire = act(s, 0, 1, { kind: 'action', target: { kind: 'section', seat: 1, section: 'bow' } });
    expect(fire[1]).toMatchObject({
      type: 'attack',
      detail: { evasion: 1, baseAccuracy: 2, accuracy: 3, modifiers: [{ reason: 'mark', value: 1 }], needAbove: 4 },
    });
  });

  it.each<[string, Hex, Dir]>([
    ['out of range (4 hexes)', hex(7, 5), 'N'],
    ['behind it', hex(7, 4), 'S'],
    [
      'in range only outside the front arc, in the arc only beyond range (ruling: the same hex must be both)',
      hex(6, 4),
      'NW',
    ],
  ])('RULES §6: no Mark when the enemy warship is %s', (_name, at, facing) => {
    const s = testState();
    space(s, 0, 0, 'fpa-pathfinder', at, facing);
    expect(markTargets(s, 0, s.ships[0].squadrons[0]!)).toEqual([]);
    expect(code(validateSquadronEnd(s, 0, 0, { kind: 'action' }))).toBe('not-a-legal-target');
  });

  it('RULES §6: a Mark target, if given, must be the enemy warship (read as the warship: its core)', () => {
    const s = testState();
    space(s, 0, 0, 'fpa-pathfinder', hex(7, 4), 'N');
    expect(
      code(validateSquadronEnd(s, 0, 0, { kind: 'action', target: { kind: 'section', seat: 0, section: 'bow' } })),
    ).toBe('not-a-legal-target');
    expect(
      validateSquadronEnd(s, 0, 0, { kind: 'action', target: { kind: 'section', seat: 1, section: 'port' } }),
    ).toEqual({
      ok: true,
      value: { kind: 'action', target: { kind: 'section', seat: 1, section: 'core' } },
    });
  });
});

describe('munitions and end options (draft §6.4.4)', () => {
  it.each([
    ['fpa-interceptor', { kind: 'action', target: { kind: 'squadron', id: '1:0' } }],
    ['lamais-lancer', { kind: 'action' }],
    ['fpa-torpedo-bomber', { kind: 'action' }],
    ['fpa-pathfinder', { kind: 'action' }],
  ])('draft §6.4.4: %s cannot act without a munition', (card, end) => {
    const s = testState();
    space(s, 0, 0, card, hex(7, 4), 'N', 0);
    space(s, 1, 0, 'lamais-dart', hex(7, 3), 'S');
    const before = structuredClone(s);
    expect(validateSquadronEnd(s, 0, 0, end)).toEqual({
      ok: false,
      error: { code: 'no-munitions', message: 'squadron 0:0 has no munitions' },
    });
    expect(s).toEqual(before);
  });

  it('UI: end options at a placement — recall, targets, spawn, mark — judged as if the squadron were there', () => {
    const s = testState();
    s.ships[0].squadrons[0]!.card = 'fpa-interceptor';
    space(s, 1, 0, 'lamais-dart', hex(5, 9), 'N');
    // Still aboard: judged at (5,11) facing N, next to the port bay hex (6,11).
    expect(squadronEndOptions(s, 0, 0, hex(5, 11), 'N')).toEqual({
      recall: true,
      targets: [{ target: { kind: 'squadron', id: '1:0' }, hitTwelfths: 5, distance: 2 }],
      munitions: 1,
    });
    expect(s.ships[0].squadrons[0]!.status).toBe('aboard'); // the state is not touched
    s.ships[0].squadrons[0]!.munitions = 0;
    expect(squadronEndOptions(s, 0, 0, hex(5, 11), 'N').targets).toEqual([]);
    s.ships[0].squadrons[1]!.card = 'fpa-torpedo-bomber';
    expect(squadronEndOptions(s, 0, 1, hex(3, 5), 'N')).toEqual({
      recall: false,
      targets: [],
      spawnClear: true,
      munitions: 1,
    });
    s.ships[0].squadrons[2]!.card = 'fpa-pathfinder';
    expect(squadronEndOptions(s, 0, 2, hex(7, 4), 'N')).toEqual({
      recall: false,
      targets: [],
      markTargets: [1],
      munitions: 1,
    });
  });
});
