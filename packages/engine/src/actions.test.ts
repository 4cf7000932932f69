import { describe, expect, it } from 'vitest';
import { cardComponent, resolveActionPhase } from './actions.js';
import { createCtx, type Ctx } from './context.js';
import { testState } from './fixtures.js';
import { hex } from './hex.js';
import type { CardId, CardPlay, Commitment, MatchState } from './types.js';
import type { Decision } from './decision.js';

const commit = (...cards: CardPlay[]): Commitment => ({ engine: 'NONE', cards });
function run(s: MatchState, c0: Commitment, c1: Commitment = commit(), decisions: Decision[] = []): Ctx {
  const ctx = createCtx(s, [c0, c1], (_p, i) => decisions[i]);
  resolveActionPhase(ctx);
  return ctx;
}
/** Events after 'phase' and 'cards-revealed'. */
const after = (ctx: Ctx) => ctx.events.slice(2);

describe('the action phase (RULES §4.3, draft §6.3)', () => {
  it('RULES §4.3: both players’ cards are revealed together', () => {
    const s = testState();
    const c0 = commit({ card: 'fire-main' }, { card: 'port-broadside', aim: 'aft' });
    const c1 = commit({ card: 'launch-squadron' });
    const ctx = run(s, c0, c1);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'action' },
      { type: 'cards-revealed', commitments: [c0, c1] },
    ]);
    expect(ctx.launches).toEqual([0, 1]); // one launch per Launch Squadron card, used in the fighter phase
  });

  it.each<[CardId, string | null]>([
    ['fire-main', 'main'],
    ['port-broadside', 'broadside'],
    ['starboard-broadside', 'broadside'],
    ['launch-squadron', 'fighterBay'],
    ['defence-stations', 'pointDefence'],
    ['vent-coolant', null],
    ['squadron-maintenance', null],
    ['special-ability', null],
  ])(
    'ruling (RULES §4.3 "a card whose component has cooldown does nothing"): %s acts through %s',
    (card, component) => {
      expect(cardComponent(card)).toBe(component);
    },
  );

  it('RULES §4.3: the initiative holder’s cards resolve first; each player’s in the fixed order', () => {
    const s = testState({ initiative: 1 });
    s.ships[0].cooldown.main = 1;
    s.ships[1].cooldown.broadside = 1;
    s.ships[1].armour.core = 1;
    // Listed in the "wrong" order: the resolution order is Vent Coolant, Maintenance, Special Ability, Defence Stations.
    const ctx = run(
      s,
      commit({ card: 'squadron-maintenance', munitions: [0] }, { card: 'vent-coolant', component: 'main' }),
      commit({ card: 'special-ability', component: 'broadside' }, { card: 'vent-coolant', component: 'broadside' }),
    );
    expect(after(ctx)).toEqual([
      { type: 'cooldown', seat: 1, component: 'broadside', before: 1, after: 0, reason: 'vent-coolant' },
      { type: 'card-resolved', seat: 1, card: 'vent-coolant' },
      // vented already: Capacitor Dump finds nothing, but playing the card spent the token (draft §6.3.7, Ruling 6)
      { type: 'power-spent', seat: 1, before: 2, after: 1 },
      { type: 'card-resolved', seat: 1, card: 'special-ability' },
      { type: 'cooldown', seat: 0, component: 'main', before: 1, after: 0, reason: 'vent-coolant' },
      { type: 'card-resolved', seat: 0, card: 'vent-coolant' },
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 2, reason: 'maintenance' },
      { type: 'card-resolved', seat: 0, card: 'squadron-maintenance' },
    ]);
    expect(s.ships[1].power).toBe(1);
  });
});

describe('Vent Coolant (draft §6.3.5)', () => {
  it('draft §6.3.5: removes one cooldown token from the named component', () => {
    const s = testState();
    s.ships[0].cooldown.pointDefence = 2;
    const ctx = run(s, commit({ card: 'vent-coolant', component: 'pointDefence' }));
    expect(after(ctx)).toEqual([
      { type: 'cooldown', seat: 0, component: 'pointDefence', before: 2, after: 1, reason: 'vent-coolant' },
      { type: 'card-resolved', seat: 0, card: 'vent-coolant' },
    ]);
    expect(s.ships[0].cooldown).toEqual({ main: 0, broadside: 0, fighterBay: 0, pointDefence: 1 });
  });

  it('draft §6.3.5: with no cooldown there the card does nothing', () => {
    const s = testState();
    s.ships[0].cooldown.main = 1;
    const ctx = run(s, commit({ card: 'vent-coolant', component: 'broadside' }));
    expect(after(ctx)).toEqual([{ type: 'card-ignored', seat: 0, card: 'vent-coolant', reason: 'nothing-to-do' }]);
    expect(s.ships[0].cooldown.main).toBe(1);
  });
});

describe('Squadron Maintenance (draft §6.3.6)', () => {
  it('draft §6.3.6: two munitions, on one squadron or split, only within capacity', () => {
    const s = testState();
    // Interceptors (capacity 2) hold 1 each; the Strike Fighter (capacity 2) holds 1.
    const ctx = run(s, commit({ card: 'squadron-maintenance', munitions: [0, 0] }));
    expect(after(ctx)).toEqual([
      { type: 'munitions', seat: 0, squadron: '0:0', before: 1, after: 2, reason: 'maintenance' },
      { type: 'card-resolved', seat: 0, card: 'squadron-maintenance' },
    ]);
    expect(s.ships[0].squadrons.map((q) => q.munitions)).toEqual([2, 1, 1]);
    const ctx2 = run(s, commit({ card: 'squadron-maintenance', munitions: [1, 2] }));
    expect(after(ctx2).map((e) => (e.type === 'munitions' ? `${e.squadron}:${e.after}` : e.type))).toEqual([
      '0:1:2',
      '0:2:2',
      'card-resolved',
    ]);
    expect(s.ships[0].squadrons.map((q) => q.munitions)).toEqual([2, 2, 2]);
  });

  it('draft §6.3.6: not to squadrons in space or destroyed; nothing left to give → the card does nothing', () => {
    const s = testState();
    Object.assign(s.ships[0].squadrons[0]!, { status: 'space', at: hex(3, 5), facing: 'N', munitions: 0 });
    Object.assign(s.ships[0].squadrons[1]!, { status: 'destroyed', munitions: 0 });
    s.ships[0].squadrons[2]!.munitions = 2;
    const ctx = run(s, commit({ card: 'squadron-maintenance', munitions: [0, 1] }));
    expect(after(ctx)).toEqual([
      { type: 'card-ignored', seat: 0, card: 'squadron-maintenance', reason: 'nothing-to-do' },
    ]);
    expect(s.ships[0].squadrons.map((q) => q.munitions)).toEqual([0, 0, 2]);
  });

  it('RULES §6: a Torpedo Bomber’s munition comes from the squadron torpedo supply', () => {
    const s = testState();
    s.ships[0].squadrons[0]!.card = 'fpa-torpedo-bomber';
    s.ships[0].squadrons[0]!.munitions = 0;
    s.ships[0].squadrons[1]!.card = 'fpa-torpedo-bomber';
    s.ships[0].squadrons[1]!.munitions = 0;
    s.ships[0].supply.squadronTorpedo = 1;
    const ctx = run(s, commit({ card: 'squadron-maintenance', munitions: [0, 1] }));
    expect(after(ctx)).toEqual([
      { type: 'munitions', seat: 0, squadron: '0:0', before: 0, after: 1, reason: 'maintenance' },
      { type: 'card-resolved', seat: 0, card: 'squadron-maintenance' },
    ]);
    expect(s.ships[0].supply.squadronTorpedo).toBe(0);
    expect(s.ships[0].squadrons[1]!.munitions).toBe(0); // the supply ran out
  });

  it('draft §6.3.6: instead, repair one destroyed squadron: it returns aboard with no munitions', () => {
    const s = testState();
    Object.assign(s.ships[0].squadrons[2]!, { status: 'destroyed', munitions: 0 });
    const ctx = run(s, commit({ card: 'squadron-maintenance', repair: 2 }));
    expect(after(ctx)).toEqual([
      { type: 'squadron-repaired', seat: 0, squadron: '0:2' },
      { type: 'card-resolved', seat: 0, card: 'squadron-maintenance' },
    ]);
    expect(s.ships[0].squadrons[2]).toMatchObject({ status: 'aboard', munitions: 0 });
    expect(s.ships[0].squadrons[0]!.munitions).toBe(1); // no munitions given as well
  });

  it('draft §6.3.6: repairing a squadron that is not destroyed does nothing', () => {
    const s = testState();
    const ctx = run(s, commit({ card: 'squadron-maintenance', repair: 1 }));
    expect(after(ctx)).toEqual([
      { type: 'card-ignored', seat: 0, card: 'squadron-maintenance', reason: 'nothing-to-do' },
    ]);
  });
});

describe('Special Ability (draft §6.3.7, RULES §6)', () => {
  it('RULES §6 Emergency Repairs: spend a power token, restore 2 armour to the section', () => {
    const s = testState();
    s.ships[0].armour.bow = 1;
    const ctx = run(s, commit({ card: 'special-ability', section: 'bow' }));
    expect(after(ctx)).toEqual([
      { type: 'power-spent', seat: 0, before: 2, after: 1 },
      { type: 'armour-restored', seat: 0, section: 'bow', before: 1, after: 3 },
      { type: 'card-resolved', seat: 0, card: 'special-ability' },
    ]);
    expect(s.ships[0].power).toBe(1);
  });

  it('RULES §6 Emergency Repairs: never above the starting armour', () => {
    const s = testState();
    s.ships[0].armour.port = 2; // starts at 3
    const ctx = run(s, commit({ card: 'special-ability', section: 'port' }));
    expect(after(ctx)[1]).toEqual({ type: 'armour-restored', seat: 0, section: 'port', before: 2, after: 3 });
  });

  it('draft §6.3.7 "Spend one power token to activate": Emergency Repairs on an undamaged section still spends it', () => {
    const s = testState();
    const ctx = run(s, commit({ card: 'special-ability', section: 'core' }));
    expect(after(ctx)).toEqual([
      { type: 'power-spent', seat: 0, before: 2, after: 1 },
      { type: 'card-resolved', seat: 0, card: 'special-ability' },
    ]);
    expect(s.ships[0].power).toBe(1);
    expect(s.ships[0].armour.core).toBe(s.ships[0].startArmour.core);
  });

  it('RULES §6 Capacitor Dump: spend a power token, remove all cooldown tokens from the component', () => {
    const s = testState();
    s.ships[1].cooldown.main = 3;
    const ctx = run(s, commit(), commit({ card: 'special-ability', component: 'main' }));
    expect(after(ctx)).toEqual([
      { type: 'power-spent', seat: 1, before: 2, after: 1 },
      { type: 'cooldown', seat: 1, component: 'main', before: 3, after: 0, reason: 'capacitor-dump' },
      { type: 'card-resolved', seat: 1, card: 'special-ability' },
    ]);
  });

  it.each([
    ['Emergency Repairs', 0, { card: 'special-ability', section: 'bow' }],
    ['Capacitor Dump', 1, { card: 'special-ability', component: 'main' }],
  ] as const)('draft §6.3.7: %s without a power token does nothing', (_name, seat, play) => {
    const s = testState();
    s.ships[seat].power = 0;
    s.ships[0].armour.bow = 1;
    s.ships[1].cooldown.main = 2;
    const plays: [Commitment, Commitment] = seat === 0 ? [commit(play), commit()] : [commit(), commit(play)];
    const ctx = run(s, ...plays);
    expect(after(ctx)).toEqual([{ type: 'card-ignored', seat, card: 'special-ability', reason: 'no-power' }]);
    expect(s.ships[0].armour.bow).toBe(1);
    expect(s.ships[1].cooldown.main).toBe(2);
  });
});

describe('Defence Stations (draft §6.3.4)', () => {
  // FPA CIWS: 2 shots, range 2, accuracy 2. A Lamais Dart 2 hexes north of the FPA bow (7,9).
  const setup = (): MatchState => {
    const s = testState();
    Object.assign(s.ships[1].squadrons[0]!, { status: 'space', at: hex(7, 7), facing: 'S' });
    return s;
  };

  it('RULES §4.3: point defence fires now at enemy squadrons in range (a player decision per shot)', () => {
    const s = setup();
    const target: Decision = { kind: 'point-defence', target: { kind: 'squadron', id: '1:0' } };
    const ctx = run(s, commit({ card: 'defence-stations' }), commit(), [target, target]);
    const types = after(ctx).map((e) => e.type);
    expect(types[0]).toBe('attack');
    expect(types.at(-1)).toBe('card-resolved');
    expect(ctx.activated[0].has('pointDefence')).toBe(true);
  });

  it('RULES §4.3: Vent Coolant resolves before Defence Stations, so venting its last cooldown lets it fire', () => {
    const s = setup();
    s.ships[0].cooldown.pointDefence = 1;
    const target: Decision = { kind: 'point-defence', target: { kind: 'squadron', id: '1:0' } };
    const ctx = run(
      s,
      commit({ card: 'defence-stations' }, { card: 'vent-coolant', component: 'pointDefence' }),
      commit(),
      [target, target],
    );
    expect(
      after(ctx)
        .slice(0, 3)
        .map((e) => e.type),
    ).toEqual(['cooldown', 'card-resolved', 'attack']);
  });

  it('RULES §4.3: Defence Stations whose point defence has cooldown does nothing', () => {
    const s = setup();
    s.ships[0].cooldown.pointDefence = 1;
    const ctx = run(s, commit({ card: 'defence-stations' }));
    expect(after(ctx)).toEqual([{ type: 'card-ignored', seat: 0, card: 'defence-stations', reason: 'cooldown' }]);
    expect(ctx.activated[0].size).toBe(0);
  });
});
