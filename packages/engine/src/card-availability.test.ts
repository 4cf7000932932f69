// RULES §4.3: which cards can act this round, for the client (an unusable card is legal and does nothing).
import { describe, expect, it } from 'vitest';
import { cardAvailability } from './card-availability.js';
import { FPA_LOADOUT, testShip, testSquadron, testState, testToken } from './fixtures.js';
import type { MatchState, Seat } from './types.js';

// Seat 0: FPA (Mass Driver, Torpedo Racks, Emergency Repairs); seat 1: Lamais (Spinal Railgun, Pulse Lasers,
// Capacitor Dump) — see fixtures.ts.
const s = testState();

describe('RULES §4.3: card availability for the client', () => {
  const avail = (st: MatchState, seat: Seat) =>
    Object.fromEntries(cardAvailability(st, seat).map(({ card, ...rest }) => [card, rest]));

  it('RULES §4.3: a fresh ship: everything but Vent Coolant (and Capacitor Dump) has something to do', () => {
    expect(cardAvailability(s, 0).map((a) => a.card)).toEqual([
      'fire-main',
      'port-broadside',
      'starboard-broadside',
      'launch-squadron',
      'defence-stations',
      'vent-coolant',
      'squadron-maintenance',
      'special-ability',
    ]);
    expect(avail(s, 0)).toEqual({
      'fire-main': { usable: true },
      'port-broadside': { usable: true },
      'starboard-broadside': { usable: true },
      'launch-squadron': { usable: true },
      'defence-stations': { usable: true },
      'vent-coolant': { usable: false, reason: 'No component has cooldown' },
      'squadron-maintenance': { usable: true },
      'special-ability': {
        usable: true,
        reason: 'No armour damaged yet: repairs only what the momentum phase damages',
      },
    });
    expect(avail(s, 1)['special-ability']).toEqual({ usable: false, reason: 'No component has cooldown' });
  });

  it('RULES §4.3: a cooldown Vent Coolant (1) or Capacitor Dump (all) can clear first makes the card depend on it', () => {
    const st = (seat: Seat, main: number, power = 2) =>
      testState({
        ships:
          seat === 0
            ? [testShip(0, { cooldown: { main, broadside: 0, fighterBay: 1, pointDefence: 2 }, power }), testShip(1)]
            : [testShip(0), testShip(1, { cooldown: { main, broadside: 0, fighterBay: 0, pointDefence: 0 }, power })],
      });
    expect(avail(st(0, 1), 0)['fire-main']).toEqual({
      usable: true,
      reason: 'Main weapon has 1 cooldown: play Vent Coolant on it too',
      requires: ['vent-coolant'],
      component: 'main',
    });
    expect(avail(st(0, 2), 0)['fire-main']).toEqual({ usable: false, reason: 'Main weapon has 2 cooldown' });
    expect(avail(st(0, 2), 0)['launch-squadron']).toEqual({
      usable: true,
      reason: 'Fighter bay has 1 cooldown: play Vent Coolant on it too',
      requires: ['vent-coolant'],
      component: 'fighterBay',
    });
    expect(avail(st(0, 2), 0)['defence-stations']).toEqual({ usable: false, reason: 'Point defence has 2 cooldown' });
    expect(avail(st(0, 2), 0)['vent-coolant']).toEqual({ usable: true });
    expect(avail(st(1, 1), 1)['fire-main']).toEqual({
      usable: true,
      reason: 'Main weapon has 1 cooldown: play Vent Coolant or Capacitor Dump on it too',
      requires: ['vent-coolant', 'special-ability'],
      component: 'main',
    });
    expect(avail(st(1, 2), 1)['fire-main']).toMatchObject({ usable: true, requires: ['special-ability'] });
    expect(avail(st(1, 2), 1)['special-ability']).toEqual({ usable: true });
    expect(avail(st(1, 2, 0), 1)['fire-main']).toEqual({ usable: false, reason: 'Main weapon has 2 cooldown' });
    expect(avail(st(1, 2, 0), 1)['special-ability']).toEqual({
      usable: false,
      reason: 'No power left for Capacitor Dump',
    });
  });

  it('names the broadsides in the plural', () => {
    const s = testState({
      ships: [testShip(0, { cooldown: { main: 0, broadside: 1, fighterBay: 0, pointDefence: 0 } }), testShip(1)],
    });
    expect(avail(s, 0)['port-broadside']).toMatchObject({
      usable: true,
      reason: 'Broadsides have 1 cooldown: play Vent Coolant on them too',
    });
  });

  it('RULES §4.5: a token weapon with an empty supply fires only if a token of its own comes back first', () => {
    const empty = { main: 0, broadside: 0, squadronTorpedo: 3 };
    const none = testState({ ships: [testShip(0, { supply: empty }), testShip(1, { supply: empty })] });
    expect(avail(none, 0)['fire-main']).toEqual({ usable: false, reason: 'No Mass Driver tokens left' });
    expect(avail(none, 0)['port-broadside']).toEqual({ usable: false, reason: 'No Torpedo Racks tokens left' });
    expect(avail(none, 1)['starboard-broadside']).toEqual({ usable: true }); // Pulse Lasers take no tokens
    const out = { ...none, tokens: [testToken({ owner: 0, source: 'main', at: { q: 7, r: 0 }, facing: 'N' })] };
    expect(avail(out, 0)['fire-main']).toEqual({
      usable: true,
      reason: 'No Mass Driver tokens in supply: fires only if one returns first',
    });
    expect(avail(out, 0)['port-broadside']).toEqual({ usable: false, reason: 'No Torpedo Racks tokens left' });
    expect(avail(out, 1)['fire-main']).toEqual({ usable: false, reason: 'No Spinal Railgun tokens left' });
  });

  it('RULES §4.3–4.4: launching needs a squadron aboard; maintenance needs room aboard or a destroyed squadron', () => {
    const sq = (over: object[]) =>
      testState({
        ships: [
          testShip(0, {
            loadout: { ...FPA_LOADOUT, squadrons: ['fpa-interceptor', 'fpa-torpedo-bomber', 'fpa-pathfinder'] },
            supply: { main: 3, broadside: 3, squadronTorpedo: 0 },
            squadrons: [
              testSquadron(0, 0, 'fpa-interceptor', over[0]),
              testSquadron(0, 1, 'fpa-torpedo-bomber', over[1]),
              testSquadron(0, 2, 'fpa-pathfinder', over[2]),
            ],
          }),
          testShip(1),
        ],
      });
    const space = { status: 'space', at: { q: 7, r: 5 }, facing: 'N' };
    const allOut = sq([space, space, { status: 'destroyed', munitions: 0 }]);
    expect(avail(allOut, 0)['launch-squadron']).toEqual({ usable: false, reason: 'No squadron aboard' });
    expect(avail(allOut, 0)['squadron-maintenance']).toEqual({ usable: true });
    // Full Interceptor, Torpedo Bomber with no torpedo tokens left, full Pathfinder.
    const full = sq([{ munitions: 2 }, { munitions: 0 }, { munitions: 1 }]);
    expect(avail(full, 0)['squadron-maintenance']).toEqual({
      usable: false,
      reason: 'No squadron aboard with room for munitions, and none destroyed',
    });
    expect(avail(full, 0)['launch-squadron']).toEqual({ usable: true });
    expect(avail(sq([{ munitions: 1 }, { munitions: 0 }, { munitions: 1 }]), 0)['squadron-maintenance']).toEqual({
      usable: true,
    });
  });

  it('RULES §6: Emergency Repairs with damaged armour and power is simply usable', () => {
    const st = testState({ ships: [testShip(0, { armour: { bow: 1, core: 5, port: 3, starboard: 3 } }), testShip(1)] });
    expect(avail(st, 0)['special-ability']).toEqual({ usable: true });
    const spent = testState({ ships: [testShip(0, { power: 0 }), testShip(1)] });
    expect(avail(spent, 0)['special-ability']).toEqual({
      usable: false,
      reason: 'No power left for Emergency Repairs',
    });
  });
});
