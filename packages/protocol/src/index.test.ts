import { describe, expect, it } from 'vitest';
import { parseCommitment, parseDraftAction } from '@star-eater/engine';
import { parseClientMessage, parseJoinOptions } from './index.js';

const bad = (type: unknown, payload: unknown) => {
  const r = parseClientMessage(type, payload);
  if (r.ok) throw new Error(`expected ${String(type)} ${JSON.stringify(payload)} to be refused`);
  return r.error;
};

describe('parseClientMessage', () => {
  it('accepts a full commitment with parameters', () => {
    const r = parseClientMessage('commit', {
      round: 3,
      commitment: {
        engine: 'DOUBLE',
        cards: [
          { card: 'fire-main', turret: 'left' },
          { card: 'port-broadside', aim: 'aft' },
        ],
      },
    });
    expect(r.ok).toBe(true);
  });

  it('accepts every card with its own parameters', () => {
    const plays = [
      { card: 'starboard-broadside' },
      { card: 'launch-squadron' },
      { card: 'defence-stations' },
      { card: 'vent-coolant', component: 'fighterBay' },
      { card: 'squadron-maintenance', munitions: [0, 0] },
      { card: 'squadron-maintenance', repair: 2 },
      { card: 'special-ability', section: 'bow' },
      { card: 'special-ability', component: 'main' },
    ];
    for (const p of plays)
      expect(parseClientMessage('commit', { round: 1, commitment: { engine: 'NONE', cards: [p] } }).ok).toBe(true);
  });

  it('names the unknown type', () => {
    const e = bad('fire!', {});
    expect(e.code).toBe('bad-type');
    expect(e.message).toContain('"fire!"');
    expect(bad(7, {}).code).toBe('bad-type');
    expect(bad('__proto__', {}).code).toBe('bad-type');
    expect(bad('toString', {}).code).toBe('bad-type');
  });

  it('names the bad field', () => {
    expect(bad('commit', { round: 1, commitment: { engine: 'UP', cards: [] } }).message).toMatch(/commitment\.engine/);
    expect(
      bad('commit', { round: 1, commitment: { engine: 'N', cards: [{ card: 'port-broadside', aim: 'up' }] } }).message,
    ).toMatch(/commitment\.cards\[0\]\.aim/);
    expect(bad('commit', { round: 0, commitment: { engine: 'N', cards: [] } }).message).toMatch(/round/);
    expect(
      bad('commit', { round: 1, commitment: { engine: 'N', cards: [{ card: 'fire-main', aim: 'fore' }] } }).message,
    ).toMatch(/aim/);
    expect(
      bad('commit', { round: 1, commitment: { engine: 'N', cards: [{ card: 'fire-main' }, { card: 'fire-main' }] } })
        .message,
    ).toMatch(/cards\[1\]\.card: "fire-main" is already played; the two cards must differ/);
    expect(
      bad('commit', {
        round: 1,
        commitment: {
          engine: 'N',
          cards: [{ card: 'fire-main' }, { card: 'launch-squadron' }, { card: 'defence-stations' }],
        },
      }).message,
    ).toMatch(/two/);
    expect(bad('munitions', { munitions: [1, 2, 9] }).message).toMatch(/munitions\[2\]/);
    expect(
      bad('decide', {
        prompt: 1,
        decision: { kind: 'fighter', answer: { kind: 'activate', squadron: 5, path: [], end: { kind: 'none' } } },
      }).message,
    ).toMatch(/decision\.answer\.squadron/);
    expect(bad('faction', { faction: 'klingon' }).message).toMatch(/faction/);
    expect(bad('pick', { slot: 'squadrons', cards: ['a', 'b'] }).code).toBe('bad-payload');
    expect(bad('commit', null).code).toBe('bad-payload');
  });

  it('accepts the draft and control messages', () => {
    expect(parseClientMessage('pick', { slot: 'main', card: 'fpa-mass-driver' }).ok).toBe(true);
    expect(
      parseClientMessage('pick', { slot: 'squadrons', cards: ['fpa-interceptor', 'fpa-interceptor', 'fpa-gunship'] })
        .ok,
    ).toBe(true);
    expect(parseClientMessage('swap', { skip: true }).ok).toBe(true);
    expect(parseClientMessage('munitions', { munitions: [2, 1, 1] }).ok).toBe(true);
    expect(parseClientMessage('concede', undefined).ok).toBe(true);
    expect(parseClientMessage('rematch', {}).ok).toBe(true);
    expect(parseClientMessage('revise', { round: 2 }).ok).toBe(true);
    expect(
      parseClientMessage('decide', {
        prompt: 4,
        decision: { kind: 'direct-fire', target: { kind: 'section', seat: 1, section: 'core' } },
      }).ok,
    ).toBe(true);
  });

  it("takes the engine's parsers as the one check of a commitment and a draft action", () => {
    // The same input, the same words: the protocol adds only the message's field path.
    const commitment = { engine: 'N', cards: [{ card: 'vent-coolant', component: 'hull' }] };
    const engine = parseCommitment(commitment);
    expect(engine.ok).toBe(false);
    if (!engine.ok)
      expect(bad('commit', { round: 1, commitment }).message).toBe(`commit: commitment.${engine.error.message}`);
    expect(bad('commit', { round: 1, commitment: 'N' }).message).toBe('commit: commitment: expected an object');
    const pick = { slot: 'squadrons', cards: ['a', 7, 'c'] };
    const action = parseDraftAction({ kind: 'pick', ...pick });
    if (action.ok) throw new Error('expected the engine to refuse');
    expect(bad('pick', pick).message).toBe(`pick: ${action.error.message}`);
    // Draft messages arrive as the engine's draft actions.
    expect(parseClientMessage('pick', { slot: 'main', card: 'fpa-mass-driver' })).toEqual({
      ok: true,
      type: 'pick',
      value: { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' },
    });
    expect(parseClientMessage('swap', { skip: true })).toMatchObject({ ok: true, value: { kind: 'no-swap' } });
    expect(parseClientMessage('munitions', { munitions: [2, 1, 1] })).toMatchObject({
      value: { kind: 'munitions', munitions: [2, 1, 1] },
    });
    // The message type is the kind: a payload cannot name another.
    expect(bad('pick', { kind: 'munitions', munitions: [2, 1, 1] }).message).toMatch(/kind: unknown field/);
    expect(bad('swap', { skip: true, slot: 'main' }).message).toMatch(/skip/);
    expect(bad('swap', { skip: false }).message).toMatch(/skip/);
  });

  it('RULES §10: a launch facing is a direction name; a number is refused, naming the field', () => {
    const launch = (facing: unknown) => ({
      prompt: 2,
      decision: {
        kind: 'fighter',
        answer: { kind: 'launch', squadron: 0, at: { q: 7, r: 11 }, facing, path: [], end: { kind: 'none' } },
      },
    });
    expect(parseClientMessage('decide', launch('NW')).ok).toBe(true);
    expect(bad('decide', launch(5)).message).toMatch(/decision\.answer\.facing/);
    expect(bad('decide', launch('W')).message).toMatch(/decision\.answer\.facing/);
  });

  it('checks join options', () => {
    expect(parseJoinOptions({ name: 'Ada', private: true, timers: { commit: 30 } }).ok).toBe(true);
    const r = parseJoinOptions({ timers: { commit: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/timers\.commit/);
  });
});
