import { describe, expect, it } from 'vitest';
import { AwaitDecision, createCtx, type Ctx, type DecisionSource } from '../context.js';
import { defaultDecision } from '../defaults.js';
import type { MatchEvent } from '../events.js';
import { FPA_LOADOUT, LAMAIS_LOADOUT, testShip, testState, testToken } from '../fixtures.js';
import { hex } from '../hex.js';
import type { CardPlay, Loadout, MatchState, Seat } from '../types.js';
import { firingOrder, firedWeapons, resolveWeaponsPhase } from './weapons.js';

// Ship 0 core (7,10) facing N: bow (7,9), port (6,11), starboard (8,10).
// Ship 1 core (7,0) facing S: bow (7,1), port (8,-1), starboard (6,0) — or moved closer where a test says so.
function state(l0: Partial<Loadout> = {}, l1: Partial<Loadout> = {}, over: Partial<MatchState> = {}): MatchState {
  return testState({
    ships: [
      testShip(0, { faction: 'fpa', loadout: { ...FPA_LOADOUT, ...l0 } }),
      testShip(1, { faction: 'lamais', loadout: { ...LAMAIS_LOADOUT, ...l1 } }),
    ],
    ...over,
  });
}
const ctxFor = (s: MatchState, c0: CardPlay[], c1: CardPlay[], source: DecisionSource = () => undefined): Ctx =>
  createCtx(
    s,
    [
      { engine: 'NONE', cards: c0 },
      { engine: 'NONE', cards: c1 },
    ],
    source,
  );
const types = (evs: MatchEvent[]): string[] => evs.map((e) => e.type);
const of = <T extends MatchEvent['type']>(evs: MatchEvent[], t: T) =>
  evs.filter((e): e is Extract<MatchEvent, { type: T }> => e.type === t);

describe('RULES §4.5 weapons phase', () => {
  it('RULES §4.5: the phase is announced even when nothing fires or moves', () => {
    const ctx = ctxFor(state(), [], []);
    resolveWeaponsPhase(ctx);
    expect(ctx.events).toEqual([{ type: 'phase', phase: 'weapons' }]);
  });

  it('RULES §4.5: classes resolve Laser → Projectile → Torpedo → Direct Fire; faster first within a class', () => {
    // Seat 0 (initiative): Mass Driver (projectile spd 3) + Flak Batteries (direct). Seat 1: Spinal Railgun
    // (projectile spd 4) + Pulse Lasers (laser). A seat-0 torpedo is already on the board, heading S with no target.
    const s = state({ broadside: 'fpa-flak-batteries' });
    s.tokens.push(
      testToken({
        id: 't1',
        kind: 'torpedo',
        source: 'squadronTorpedo',
        at: hex(12, 8),
        facing: 'S',
        speed: 2,
        evasion: 2,
      }),
    );
    s.ships[0].supply.squadronTorpedo--;
    const ctx = ctxFor(
      s,
      [{ card: 'fire-main' }, { card: 'port-broadside', aim: 'fore' }],
      [{ card: 'starboard-broadside' }, { card: 'fire-main' }],
      (p) => defaultDecision(p),
    );
    resolveWeaponsPhase(ctx);
    expect(types(ctx.events)).toEqual([
      'phase',
      'beam', // Pulse Lasers
      'token-spawned', // Spinal Railgun, speed 4, before the initiative holder's speed-3 Mass Driver
      'token-moved',
      'token-spawned', // Mass Driver
      'token-moved',
      'torpedo-target', // the torpedo on the board
      'token-moved',
      'aoe-fired', // Flak Batteries (AOE): fire at an empty hex, nothing in the area (RULES §4.5, draft §7.4.2)
    ]);
    expect(of(ctx.events, 'aoe-fired')[0]).toMatchObject({ targets: 0, radius: 1, source: { by: 'port-broadside' } });
    expect(ctx.events[1]).toEqual({
      type: 'beam',
      source: { seat: 1, by: 'starboard-broadside', weapon: 'lamais-pulse-lasers', attackArc: 'right' },
      from: hex(6, 0),
      dir: 'SW',
      path: [hex(5, 1), hex(4, 2), hex(3, 3), hex(2, 4)],
      damageStart: 2,
      damageEnd: 0,
      stoppedAt: null,
    });
    const spawned = of(ctx.events, 'token-spawned');
    expect(spawned).toEqual([
      {
        type: 'token-spawned',
        token: { kind: 'projectile', id: 'p1', owner: 1 },
        at: hex(7, 1),
        facing: 'S',
        weapon: 'lamais-spinal-railgun',
      },
      {
        type: 'token-spawned',
        token: { kind: 'projectile', id: 'p2', owner: 0 },
        at: hex(7, 9),
        facing: 'N',
        weapon: 'fpa-mass-driver',
      },
    ]);
    // Fired tokens start ON the mount and move their speed this phase.
    const moved = of(ctx.events, 'token-moved');
    expect(moved[0]!.path).toEqual([hex(7, 2), hex(7, 3), hex(7, 4), hex(7, 5)]);
    expect(moved[1]!.path).toEqual([hex(7, 8), hex(7, 7), hex(7, 6)]);
    expect(ctx.events[8]).toMatchObject({ type: 'aoe-fired', source: { seat: 0, by: 'port-broadside' }, targets: 0 });
    expect([...ctx.activated[0]]).toEqual(['main', 'broadside']);
    expect([...ctx.activated[1]].sort()).toEqual(['broadside', 'main']);
    expect(s.ships[0].supply.main).toBe(2);
    expect(s.ships[1].supply.main).toBe(2);
  });

  it.each([0, 1] as Seat[])('RULES §4.5: equal range goes to the initiative holder (initiative %i)', (initiative) => {
    const s = state({}, {}, { initiative });
    s.ships[0] = testShip(0, { faction: 'lamais', loadout: LAMAIS_LOADOUT }); // both fire Pulse Lasers, range 4
    const ctx = ctxFor(s, [{ card: 'starboard-broadside' }], [{ card: 'starboard-broadside' }]);
    resolveWeaponsPhase(ctx);
    expect(of(ctx.events, 'beam').map((e) => e.source.seat)).toEqual([initiative, initiative === 0 ? 1 : 0]);
  });

  it.each([0, 1] as Seat[])('RULES §4.5: equal speed goes to the initiative holder (initiative %i)', (initiative) => {
    // Mass Driver and Slug Throwers both have speed 3; seat 1 fires its broadside.
    const s = state({}, { broadside: 'lamais-slug-throwers' }, { initiative });
    const ctx = ctxFor(s, [{ card: 'fire-main' }], [{ card: 'port-broadside', aim: 'aft' }]);
    resolveWeaponsPhase(ctx);
    expect(of(ctx.events, 'token-spawned').map((e) => e.token.owner)).toEqual([initiative, initiative === 0 ? 1 : 0]);
  });

  it('ruling: both broadside cards fire in one round (cooldown comes at cleanup), port before starboard', () => {
    const s = state();
    const ctx = ctxFor(
      s,
      [],
      [
        { card: 'starboard-broadside', aim: 'aft' },
        { card: 'port-broadside', aim: 'fore' },
      ],
    );
    resolveWeaponsPhase(ctx);
    const beams = of(ctx.events, 'beam');
    expect(beams.map((b) => [b.source.by, b.from, b.dir])).toEqual([
      ['port-broadside', hex(8, -1), 'SE'], // ship facing S: port fore f+5 = SE
      ['starboard-broadside', hex(6, 0), 'NW'], // starboard aft f+2 = NW
    ]);
    expect([...ctx.activated[1]]).toEqual(['broadside']);
  });

  it('RULES §4.5: a weapon whose component has cooldown does not fire (card-ignored, no activation, no token)', () => {
    const s = state();
    s.ships[0].cooldown.main = 1;
    const ctx = ctxFor(s, [{ card: 'fire-main' }], []);
    resolveWeaponsPhase(ctx);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'weapons' },
      { type: 'card-ignored', seat: 0, card: 'fire-main', reason: 'cooldown' },
    ]);
    expect(ctx.activated[0].size).toBe(0);
    expect(s.ships[0].supply.main).toBe(3);
  });

  it('RULES §4.5: a token weapon with no token in supply does not fire (no-tokens)', () => {
    const s = state();
    s.ships[0].supply.broadside = 0;
    const ctx = ctxFor(s, [{ card: 'port-broadside' }], []);
    resolveWeaponsPhase(ctx);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'weapons' },
      { type: 'card-ignored', seat: 0, card: 'port-broadside', reason: 'no-tokens' },
    ]);
    expect(ctx.activated[0].size).toBe(0);
  });

  it('RULES §4.5: the supply is checked when the weapon fires — a token returned earlier this phase can be fired', () => {
    const s = state();
    s.ships[0].supply.main = 0;
    s.tokens.push(testToken({ id: 'p1', at: hex(2, 0), facing: 'N', speed: 3 })); // leaves the board
    const ctx = ctxFor(s, [{ card: 'fire-main' }], []);
    resolveWeaponsPhase(ctx);
    expect(types(ctx.events)).toEqual(['phase', 'token-moved', 'token-returned', 'token-spawned', 'token-moved']);
    expect(of(ctx.events, 'token-spawned')[0]!.token.id).toBe('p1');
    expect(s.ships[0].supply.main).toBe(0);
  });

  it('RULES §4.5: on-board projectiles move first; a fired one then collides head-on with them after all have moved', () => {
    const s = state();
    // Seat 1's projectile from an earlier round at (7,4) heading S, speed 3: to (7,7). The Mass Driver fired from the
    // bow (7,9) heading N, speed 3: to (7,6) — they crossed.
    s.tokens.push(testToken({ id: 'p5', owner: 1, at: hex(7, 4), facing: 'S', speed: 3, damage: 4 }));
    s.ships[1].supply.main--;
    s.nextTokenId = 6;
    const ctx = ctxFor(s, [{ card: 'fire-main' }], []);
    resolveWeaponsPhase(ctx);
    expect(ctx.events.slice(1)).toEqual([
      {
        type: 'token-moved',
        token: { kind: 'projectile', id: 'p5', owner: 1 },
        path: [hex(7, 5), hex(7, 6), hex(7, 7)],
        facings: ['S', 'S', 'S'],
        from: hex(7, 4),
        fromFacing: 'S',
      },
      {
        type: 'token-spawned',
        token: { kind: 'projectile', id: 'p6', owner: 0 },
        at: hex(7, 9),
        facing: 'N',
        weapon: 'fpa-mass-driver',
      },
      {
        type: 'token-moved',
        token: { kind: 'projectile', id: 'p6', owner: 0 },
        path: [hex(7, 8), hex(7, 7), hex(7, 6)],
        facings: ['N', 'N', 'N'],
        from: hex(7, 9),
        fromFacing: 'N',
      },
      { type: 'token-returned', token: { kind: 'projectile', id: 'p5', owner: 1 }, at: hex(7, 7), reason: 'collided' },
      { type: 'token-returned', token: { kind: 'projectile', id: 'p6', owner: 0 }, at: hex(7, 6), reason: 'collided' },
    ]);
    expect(s.tokens).toEqual([]);
    expect(s.ships[0].supply.main).toBe(3);
    expect(s.ships[1].supply.main).toBe(3);
    expect([...ctx.activated[0]]).toEqual(['main']);
  });

  it('RULES §4.5: torpedoes on the board move in creation order, then the fired ones (aft aim from the port hex)', () => {
    const s = state();
    const t = (id: string, q: number) =>
      testToken({ id, kind: 'torpedo', source: 'broadside', at: hex(q, 8), facing: 'S', speed: 2, evasion: 2 });
    s.tokens.push(t('t10', 12), t('t9', 13));
    s.ships[0].supply.broadside = 1;
    s.nextTokenId = 11;
    const ctx = ctxFor(s, [{ card: 'port-broadside', aim: 'aft' }], []);
    resolveWeaponsPhase(ctx);
    expect(of(ctx.events, 'torpedo-target').map((e) => e.token.id)).toEqual(['t9', 't10', 't11']);
    expect(of(ctx.events, 'token-spawned')).toEqual([
      {
        type: 'token-spawned',
        token: { kind: 'torpedo', id: 't11', owner: 0 },
        at: hex(6, 11),
        facing: 'SW',
        weapon: 'fpa-torpedo-racks',
      },
    ]);
    // Port aft of a ship facing N is SW: from (6,11) to (5,12), (4,13).
    expect(s.tokens.find((x) => x.id === 't11')).toMatchObject({
      at: hex(4, 13),
      facing: 'SW',
      firedRound: 1,
      damage: 3,
      speed: 2,
    });
  });

  it('RULES §4.5: direct fire comes last, longer range first regardless of initiative (prompted through fireWarshipDirect)', () => {
    // Seat 1's Siege Battery (range 5) fires before seat 0's Flak Batteries (range 3), though seat 0 holds initiative.
    const s = state({ broadside: 'fpa-flak-batteries' }, { main: 'lamais-siege-battery' });
    s.ships[1].core = hex(7, 3); // bow (7,4), 5 from ship 0's bow (7,9)
    const ctx = ctxFor(s, [{ card: 'port-broadside' }], [{ card: 'fire-main' }]);
    let prompt: unknown = null;
    try {
      resolveWeaponsPhase(ctx);
    } catch (e) {
      if (!(e instanceof AwaitDecision)) throw e;
      prompt = e.prompt;
    }
    expect(prompt).toMatchObject({ kind: 'direct-fire', seat: 1, mount: 'main', weapon: 'lamais-siege-battery' });
  });

  it('RULES §4.6: a ship destroyed earlier in the phase still fires its weapons (it loses at the end of the phase)', () => {
    const s = state({ main: 'fpa-heavy-lance' });
    s.ships[1].core = hex(7, 3); // bow (7,4) on the lance's line
    s.ships[1].armour.bow = 0;
    s.ships[1].structure = 2;
    const ctx = ctxFor(s, [{ card: 'fire-main' }], [{ card: 'fire-main' }]);
    resolveWeaponsPhase(ctx);
    expect(types(ctx.events).slice(0, 5)).toEqual(['phase', 'beam', 'damage', 'ship-destroyed', 'token-spawned']);
  });

  it('RULES §4.5: firingOrder sorts one class by speed/range, then initiative, then main/port/starboard', () => {
    const s = state({}, { broadside: 'lamais-slug-throwers' }, { initiative: 1 });
    const ctx = ctxFor(
      s,
      [{ card: 'fire-main' }],
      [{ card: 'starboard-broadside' }, { card: 'port-broadside' }, { card: 'fire-main' }],
    );
    const order = firingOrder(firedWeapons(ctx), 'projectile', 1).map((w) => `${w.seat}:${w.mount}:${w.card.speed}`);
    expect(order).toEqual(['1:main:4', '1:port-broadside:3', '1:starboard-broadside:3', '0:main:3']);
  });
});
