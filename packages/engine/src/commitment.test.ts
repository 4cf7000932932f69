import { describe, expect, it, vi } from 'vitest';
import { NONE_COMMITMENT, parseCommitment, validateCommitment, type CommitmentErrorCode } from './commitment.js';
import { FPA_LOADOUT, testShip, testState } from './fixtures.js';
import { ENGINE_SETTINGS, type MatchState, type Seat } from './types.js';

// Seat 0: FPA (Mass Driver, Torpedo Racks, Emergency Repairs); seat 1: Lamais (Spinal Railgun, Pulse Lasers,
// Capacitor Dump) — see fixtures.ts.
const s = testState();

function bad(
  input: unknown,
  code: CommitmentErrorCode,
  message: string | RegExp,
  seat: Seat = 0,
  state: MatchState = s,
): void {
  const r = validateCommitment(state, seat, input);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  if (typeof message === 'string') expect(r.error.message).toBe(message);
  else expect(r.error.message).toMatch(message);
}
function good(input: unknown, seat: Seat = 0, state: MatchState = s): unknown {
  const r = validateCommitment(state, seat, input);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const one = (card: unknown, engine = 'NONE'): unknown => ({ engine, cards: [card] });

describe('RULES §4.1: commitment shape', () => {
  it('RULES §4.1: accepts an engine setting and up to two distinct cards, as a fresh object', () => {
    const input = { engine: 'N', cards: [{ card: 'fire-main' }, { card: 'port-broadside', aim: 'fore' }] };
    const v = good(input);
    expect(v).toEqual(input);
    expect(v).not.toBe(input);
    expect(good({ engine: 'DOUBLE', cards: [] })).toEqual({ engine: 'DOUBLE', cards: [] });
  });

  it.each(ENGINE_SETTINGS)('RULES §4.1: engine %s is one of the ten settings', (engine) => {
    expect(good({ engine, cards: [] })).toEqual({ engine, cards: [] });
  });

  it('RULES §4.1: bad engine values and top-level shapes are typed errors naming the field', () => {
    bad(
      { engine: 'UP', cards: [] },
      'bad-value',
      'engine: expected one of "N", "NE", "SE", "S", "SW", "NW", "DOUBLE", "CW", "CCW", "NONE"',
    );
    bad({ engine: 0, cards: [] }, 'bad-value', /^engine:/);
    bad({ engine: 'n', cards: [] }, 'bad-value', /^engine:/);
    bad({ cards: [] }, 'missing-field', 'engine: required');
    bad({ engine: 'N' }, 'missing-field', 'cards: required');
    bad({ engine: 'N', cards: {} }, 'bad-type', 'cards: expected an array');
    bad(null, 'bad-type', 'commitment: expected an object');
    bad([], 'bad-type', 'commitment: expected an object');
    bad('N', 'bad-type', 'commitment: expected an object');
    bad({ engine: 'N', cards: [], round: 3 }, 'unknown-field', 'round: unknown field');
  });

  it('RULES §4.1: at most two cards, distinct, each a known card id', () => {
    bad(
      { engine: 'N', cards: [{ card: 'launch-squadron' }, { card: 'defence-stations' }, { card: 'fire-main' }] },
      'too-many-cards',
      'cards: 3 cards, at most two',
    );
    bad(
      { engine: 'N', cards: [{ card: 'fire-main' }, { card: 'fire-main' }] },
      'duplicate-card',
      /^cards\[1\]\.card: "fire-main" is already played/,
    );
    bad(one({ card: 'fire-everything' }), 'unknown-card', /^cards\[0\]\.card: unknown card "fire-everything"/);
    bad(one({ card: 3 }), 'bad-type', 'cards[0].card: expected a card id');
    bad(one({ aim: 'fore' }), 'missing-field', 'cards[0].card: required');
    bad(one('fire-main'), 'bad-type', 'cards[0]: expected an object');
    bad({ engine: 'N', cards: [{ card: 'launch-squadron' }, null] }, 'bad-type', 'cards[1]: expected an object');
  });

  it('RULES §4.1: only the parameters a card takes; anything else is an unknown field', () => {
    bad(
      one({ card: 'launch-squadron', aim: 'fore' }),
      'unknown-field',
      'cards[0].aim: unknown field for launch-squadron',
    );
    bad(
      one({ card: 'defence-stations', target: 'x' }),
      'unknown-field',
      'cards[0].target: unknown field for defence-stations',
    );
    bad(one({ card: 'fire-main', aim: 'fore' }), 'unknown-field', 'cards[0].aim: unknown field for fire-main');
    bad(
      one({ card: 'vent-coolant', component: 'main', section: 'bow' }),
      'unknown-field',
      'cards[0].section: unknown field for vent-coolant',
    );
    bad(one({ card: 'port-broadside', aim: 'fore', turret: 'left' }), 'unknown-field', /^cards\[0\]\.turret/);
    expect(good(one({ card: 'launch-squadron' }))).toEqual({ engine: 'NONE', cards: [{ card: 'launch-squadron' }] });
    expect(good(one({ card: 'defence-stations' }))).toEqual({ engine: 'NONE', cards: [{ card: 'defence-stations' }] });
  });

  it('RULES §4.1: the time-out commitment is NONE and no cards, and is valid', () => {
    expect(NONE_COMMITMENT).toEqual({ engine: 'NONE', cards: [] });
    expect(good(NONE_COMMITMENT)).toEqual(NONE_COMMITMENT);
    expect(Object.isFrozen(NONE_COMMITMENT) && Object.isFrozen(NONE_COMMITMENT.cards)).toBe(true);
  });
});

describe('RULES §4.1: parseCommitment, the shape whoever plays it', () => {
  it('accepts what some ship could play and leaves the ship-dependent checks to validateCommitment', () => {
    // A turret setting and a special ability's section are shapes any commitment may have; whether this ship's main
    // weapon is a turret or its faction's ability takes a section is the match's question.
    const c = { engine: 'NE', cards: [{ card: 'fire-main', turret: 'left' }, { card: 'special-ability' }] };
    expect(parseCommitment(c)).toEqual({ ok: true, value: c });
    const s = testState();
    expect(validateCommitment(s, 0, c).ok).toBe(false);
  });
  it('refuses a malformed card play as validateCommitment does, with the same words', () => {
    const c = { engine: 'N', cards: [{ card: 'squadron-maintenance', munitions: [0, 3] }] };
    const r = parseCommitment(c);
    expect(r).toEqual({
      ok: false,
      error: { code: 'bad-value', message: expect.stringMatching(/^cards\[0\]\.munitions\[1\]:/) },
    });
    expect(validateCommitment(testState(), 0, c)).toEqual(r);
  });
});

describe('RULES §3, §4.1: card parameters', () => {
  it('RULES §3: a token broadside needs fore or aft (Torpedo Racks, Pulse Lasers)', () => {
    bad(one({ card: 'port-broadside' }), 'missing-field', 'cards[0].aim: required for Torpedo Racks: "fore" or "aft"');
    bad(
      one({ card: 'starboard-broadside' }),
      'missing-field',
      'cards[0].aim: required for Pulse Lasers: "fore" or "aft"',
      1,
    );
    bad(
      { engine: 'N', cards: [{ card: 'fire-main' }, { card: 'port-broadside', aim: 'up' }] },
      'bad-value',
      'cards[1].aim: expected "fore" or "aft"',
    );
    bad(one({ card: 'starboard-broadside', aim: 1 }), 'bad-type', 'cards[0].aim: expected "fore" or "aft"');
    expect(good(one({ card: 'starboard-broadside', aim: 'aft' }), 1)).toEqual({
      engine: 'NONE',
      cards: [{ card: 'starboard-broadside', aim: 'aft' }],
    });
  });

  it('RULES §3: a direct-fire broadside (Flak Batteries) takes no aim: one given is checked, then dropped', () => {
    const flak = testState({
      ships: [testShip(0, { loadout: { ...FPA_LOADOUT, broadside: 'fpa-flak-batteries' } }), testShip(1)],
    });
    expect(good(one({ card: 'port-broadside' }), 0, flak)).toEqual({
      engine: 'NONE',
      cards: [{ card: 'port-broadside' }],
    });
    expect(good(one({ card: 'port-broadside', aim: 'aft' }), 0, flak)).toEqual({
      engine: 'NONE',
      cards: [{ card: 'port-broadside' }],
    });
    bad(one({ card: 'port-broadside', aim: 'left' }), 'bad-value', 'cards[0].aim: expected "fore" or "aft"', 0, flak);
  });

  it('RULES §2: fire-main takes a turret setting only when the main weapon is a turret', () => {
    bad(
      one({ card: 'fire-main', turret: 'left' }),
      'not-applicable',
      'cards[0].turret: Mass Driver is not a turret weapon',
    );
    bad(
      one({ card: 'fire-main', turret: 'up' }),
      'bad-value',
      'cards[0].turret: expected one of "front", "left", "right", "rear"',
    );
    expect(good(one({ card: 'fire-main' }))).toEqual({ engine: 'NONE', cards: [{ card: 'fire-main' }] });
  });

  it('RULES §2: a turret main weapon needs its setting in the commitment', async () => {
    vi.resetModules();
    vi.doMock('./content/index.js', async (orig) => {
      const m = await orig<typeof import('./content/index.js')>();
      const turret = {
        ...m.weaponCard('lamais-siege-battery'),
        id: 'x-turret',
        name: 'Test Turret',
        arc: 'turret' as const,
      };
      return { ...m, weaponCard: (id: string) => (id === 'x-turret' ? turret : m.weaponCard(id)) };
    });
    const { validateCommitment: v } = await import('./commitment.js');
    const st = testState({ ships: [testShip(0, { loadout: { ...FPA_LOADOUT, main: 'x-turret' } }), testShip(1)] });
    expect(v(st, 0, one({ card: 'fire-main', turret: 'rear' }))).toEqual({
      ok: true,
      value: { engine: 'NONE', cards: [{ card: 'fire-main', turret: 'rear' }] },
    });
    expect(v(st, 0, one({ card: 'fire-main' }))).toEqual({
      ok: false,
      error: {
        code: 'missing-field',
        message: 'cards[0].turret: required for Test Turret: one of "front", "left", "right", "rear"',
      },
    });
    vi.doUnmock('./content/index.js');
    vi.resetModules();
  });

  it('RULES §4.3: Vent Coolant names one component', () => {
    bad(
      one({ card: 'vent-coolant' }),
      'missing-field',
      'cards[0].component: required: one of "main", "broadside", "fighterBay", "pointDefence"',
    );
    bad(one({ card: 'vent-coolant', component: 'engine' }), 'bad-value', /^cards\[0\]\.component: expected one of/);
    bad(one({ card: 'vent-coolant', component: ['main'] }), 'bad-type', /^cards\[0\]\.component:/);
    expect(good(one({ card: 'vent-coolant', component: 'fighterBay' }))).toEqual({
      engine: 'NONE',
      cards: [{ card: 'vent-coolant', component: 'fighterBay' }],
    });
  });

  it('RULES §4.3: Squadron Maintenance: one or two munitions (indices may repeat) or one repair, not both', () => {
    const sm = (p: object): unknown => one({ card: 'squadron-maintenance', ...p });
    for (const munitions of [[0], [2], [0, 2], [1, 1]]) {
      expect(good(sm({ munitions }))).toEqual({ engine: 'NONE', cards: [{ card: 'squadron-maintenance', munitions }] });
    }
    expect(good(sm({ repair: 2 }))).toEqual({ engine: 'NONE', cards: [{ card: 'squadron-maintenance', repair: 2 }] });
    bad(
      sm({ munitions: [0], repair: 1 }),
      'conflicting-fields',
      'cards[0].repair: give either munitions or repair, not both',
    );
    bad(sm({}), 'missing-field', 'cards[0].munitions: required (or cards[0].repair)');
    bad(sm({ munitions: [] }), 'bad-value', 'cards[0].munitions: expected one or two squadron indices');
    bad(sm({ munitions: [0, 1, 2] }), 'bad-value', 'cards[0].munitions: expected one or two squadron indices');
    bad(sm({ munitions: 1 }), 'bad-type', 'cards[0].munitions: expected an array of one or two squadron indices');
    bad(sm({ munitions: [0, 3] }), 'bad-value', 'cards[0].munitions[1]: expected a squadron index 0, 1 or 2');
    bad(sm({ munitions: ['0'] }), 'bad-type', 'cards[0].munitions[0]: expected a squadron index 0, 1 or 2');
    bad(sm({ munitions: [0.5] }), 'bad-value', /^cards\[0\]\.munitions\[0\]/);
    bad(sm({ repair: -1 }), 'bad-value', 'cards[0].repair: expected a squadron index 0, 1 or 2');
    bad(sm({ repair: null }), 'bad-type', /^cards\[0\]\.repair/);
  });

  it('RULES §6: Emergency Repairs names a section; Capacitor Dump a component', () => {
    const sa = (p: object): unknown => one({ card: 'special-ability', ...p });
    expect(good(sa({ section: 'port' }), 0)).toEqual({
      engine: 'NONE',
      cards: [{ card: 'special-ability', section: 'port' }],
    });
    bad(
      sa({}),
      'missing-field',
      'cards[0].section: required for Emergency Repairs: one of "bow", "core", "port", "starboard"',
      0,
    );
    bad(sa({ section: 'bridge' }), 'bad-value', /^cards\[0\]\.section: expected one of "bow"/, 0);
    bad(
      sa({ component: 'main' }),
      'not-applicable',
      'cards[0].component: Emergency Repairs takes a section, not a component',
      0,
    );
    expect(good(sa({ component: 'main' }), 1)).toEqual({
      engine: 'NONE',
      cards: [{ card: 'special-ability', component: 'main' }],
    });
    bad(sa({}), 'missing-field', /^cards\[0\]\.component: required for Capacitor Dump/, 1);
    bad(
      sa({ section: 'bow' }),
      'not-applicable',
      'cards[0].section: Capacitor Dump takes a component, not a section',
      1,
    );
    bad(sa({ component: 'shields' }), 'bad-value', /^cards\[0\]\.component/, 1);
  });

  it('RULES §4.3: state-dependent uselessness is not an error (cooldown, no power, no tokens)', () => {
    const st = testState({
      ships: [
        testShip(0, {
          cooldown: { main: 3, broadside: 2, fighterBay: 0, pointDefence: 0 },
          power: 0,
          supply: { main: 0, broadside: 0, squadronTorpedo: 0 },
        }),
        testShip(1),
      ],
    });
    const input = { engine: 'CW', cards: [{ card: 'fire-main' }, { card: 'special-ability', section: 'bow' }] };
    expect(good(input, 0, st)).toEqual(input);
    expect(
      good(
        {
          engine: 'N',
          cards: [
            { card: 'vent-coolant', component: 'pointDefence' },
            { card: 'squadron-maintenance', repair: 0 },
          ],
        },
        0,
        st,
      ),
    ).toBeTruthy();
  });

  it('validation never mutates its input', () => {
    const input = { engine: 'N', cards: [{ card: 'squadron-maintenance', munitions: [1, 0] }] };
    const before = JSON.stringify(input);
    const v = good(input) as { cards: { munitions: number[] }[] };
    expect(JSON.stringify(input)).toBe(before);
    expect(v.cards[0]!.munitions).not.toBe(input.cards[0]!.munitions);
  });
});
