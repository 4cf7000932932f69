import { describe, expect, it } from 'vitest';
import { FPA, LAMAIS } from './content/index.js';
import { FPA_LOADOUT, LAMAIS_LOADOUT } from './fixtures.js';
import {
  applyDraftAction,
  createDraft,
  defaultDraftAction,
  draftLoadouts,
  draftMunitions,
  draftTurn,
  legalDraftActions,
  randomDraftAction,
  type Draft,
  type DraftAction,
} from './loadout.js';
import { checkLoadout, defaultMunitions, type DraftErrorCode } from './loadout-check.js';
import { createRng } from './rng.js';
import type { Loadout, Seat } from './types.js';

function play(d: Draft, seat: Seat, action: DraftAction): Draft {
  const r = applyDraftAction(d, seat, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Expect a typed error and an untouched draft. */
function refuse(d: Draft, seat: Seat, action: unknown, code: DraftErrorCode, message?: RegExp): void {
  const before = JSON.stringify(d);
  const r = applyDraftAction(d, seat, action);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  if (message) expect(r.error.message).toMatch(message);
  expect(JSON.stringify(d)).toBe(before);
}

const picks = (l: Loadout): DraftAction[] => [
  { kind: 'pick', slot: 'main', card: l.main },
  { kind: 'pick', slot: 'broadside', card: l.broadside },
  { kind: 'pick', slot: 'fighterBay', card: l.fighterBay },
  { kind: 'pick', slot: 'pointDefence', card: l.pointDefence },
  { kind: 'pick', slot: 'squadrons', cards: l.squadrons },
];

/** All ten picks, alternating from the initiative holder: seat 0 = FPA_LOADOUT, seat 1 = LAMAIS_LOADOUT. */
function picked(initiative: Seat = 0): Draft {
  let d = createDraft({ factions: ['fpa', 'lamais'], initiative });
  const mine: [DraftAction[], DraftAction[]] = [picks(FPA_LOADOUT), picks(LAMAIS_LOADOUT)];
  for (let i = 0; i < 10; i++) {
    const seat = (i % 2 === 0 ? initiative : 1 - initiative) as Seat;
    d = play(d, seat, mine[seat].shift()!);
  }
  return d;
}

describe('RULES §5: picks', () => {
  it('RULES §5: a new draft starts with the coin-toss winner to pick', () => {
    const d = createDraft({ factions: ['fpa', 'fpa'], initiative: 1 });
    expect(draftTurn(d)).toEqual({ stage: 'pick', seat: 1, seats: [1] });
    expect(d.log).toEqual([]);
    expect(() => createDraft({ factions: ['fpa', 'x' as never], initiative: 0 })).toThrow(/unknown faction/);
  });

  it('RULES §5: players alternate picks, initiative first, until both have all five slots', () => {
    let d = createDraft({ factions: ['fpa', 'lamais'], initiative: 1 });
    const order: (Seat | null)[] = [];
    const mine: [DraftAction[], DraftAction[]] = [picks(FPA_LOADOUT), picks(LAMAIS_LOADOUT)];
    while (draftTurn(d).stage === 'pick') {
      const seat = draftTurn(d).seat!;
      order.push(seat);
      d = play(d, seat, mine[seat].shift()!);
    }
    expect(order).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(draftTurn(d)).toEqual({ stage: 'swap', seat: 1, seats: [1] });
  });

  it('RULES §5: both players may choose the same faction, each with a deck of their own', () => {
    let d = createDraft({ factions: ['fpa', 'fpa'], initiative: 0 });
    d = play(d, 0, { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' });
    d = play(d, 1, { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' });
    d = play(d, 0, { kind: 'pick', slot: 'squadrons', cards: ['fpa-gunship', 'fpa-interceptor', 'fpa-pathfinder'] });
    d = play(d, 1, { kind: 'pick', slot: 'squadrons', cards: ['fpa-gunship', 'fpa-interceptor', 'fpa-pathfinder'] });
    expect(d.loadouts[1]).toEqual({
      main: 'fpa-mass-driver',
      squadrons: ['fpa-gunship', 'fpa-interceptor', 'fpa-pathfinder'],
    });
  });

  it("RULES §5: a pick comes from the picker's own faction deck, for the right slot", () => {
    const d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    refuse(d, 0, { kind: 'pick', slot: 'main', card: 'lamais-spinal-railgun' }, 'wrong-faction', /^card: .*FPA deck/);
    refuse(
      d,
      0,
      { kind: 'pick', slot: 'main', card: 'fpa-torpedo-racks' },
      'wrong-slot',
      /^card: .*broadside card, not main/,
    );
    refuse(
      d,
      0,
      { kind: 'pick', slot: 'main', card: 'fpa-death-ray' },
      'unknown-card',
      /^card: unknown card "fpa-death-ray"/,
    );
    refuse(
      d,
      0,
      { kind: 'pick', slot: 'squadrons', cards: ['fpa-interceptor', 'lamais-dart', 'fpa-interceptor'] },
      'wrong-faction',
      /^cards\[1\]/,
    );
    refuse(
      d,
      0,
      { kind: 'pick', slot: 'squadrons', cards: ['fpa-interceptor', 'fpa-interceptor', 'fpa-ciws'] },
      'wrong-slot',
      /^cards\[2\]/,
    );
  });

  it('RULES §5: only the player to move may pick, and only an empty slot', () => {
    let d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    refuse(d, 1, { kind: 'pick', slot: 'main', card: 'lamais-spinal-railgun' }, 'not-your-turn');
    d = play(d, 0, { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' });
    d = play(d, 1, { kind: 'pick', slot: 'main', card: 'lamais-spinal-railgun' });
    refuse(d, 0, { kind: 'pick', slot: 'main', card: 'fpa-heavy-lance' }, 'slot-filled', /^slot: your main slot/);
    refuse(d, 0, { kind: 'swap', slot: 'main', card: 'fpa-heavy-lance' }, 'wrong-stage');
    refuse(d, 0, { kind: 'no-swap' }, 'wrong-stage');
    refuse(d, 0, { kind: 'munitions', munitions: [2, 2, 0] }, 'wrong-stage');
  });

  it('RULES §5: squadrons: three at once, no card above its copy limit, not three heavy', () => {
    const d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    const sq = (cards: unknown): unknown => ({ kind: 'pick', slot: 'squadrons', cards });
    refuse(d, 0, sq(['fpa-gunship', 'fpa-gunship', 'fpa-interceptor']), 'copy-limit', /2 × Gunship, at most 1/);
    refuse(d, 0, sq(['fpa-strike-fighter', 'fpa-strike-fighter', 'fpa-strike-fighter']), 'copy-limit', /at most 2/);
    refuse(d, 0, sq(['fpa-strike-fighter', 'fpa-torpedo-bomber', 'fpa-strike-fighter']), 'three-heavy');
    refuse(d, 0, sq(['fpa-interceptor', 'fpa-interceptor']), 'malformed', /^cards: expected three/);
    refuse(d, 0, sq('fpa-interceptor'), 'malformed');
    refuse(d, 0, sq(['fpa-interceptor', 7, 'fpa-interceptor']), 'malformed', /^cards\[1\]: expected a card id/);
    expect(applyDraftAction(d, 0, sq(['fpa-interceptor', 'fpa-interceptor', 'fpa-interceptor'])).ok).toBe(true);
    expect(applyDraftAction(d, 0, sq(['fpa-strike-fighter', 'fpa-torpedo-bomber', 'fpa-pathfinder'])).ok).toBe(true);
  });

  it('RULES §5: malformed actions are typed errors naming the field', () => {
    const d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    refuse(d, 0, null, 'malformed', /^action:/);
    refuse(d, 0, [], 'malformed', /^action:/);
    refuse(d, 0, { kind: 'steal' }, 'malformed', /^kind:/);
    refuse(d, 0, { kind: 'pick', slot: 'engine', card: 'fpa-mass-driver' }, 'malformed', /^slot:/);
    refuse(
      d,
      0,
      { kind: 'pick', slot: 'main', card: 'fpa-mass-driver', extra: 1 },
      'malformed',
      /^extra: unknown field/,
    );
    refuse(d, 0, { kind: 'pick', slot: 'main', cards: ['fpa-mass-driver'] }, 'malformed', /^cards: unknown field/);
    refuse(d, 0, { kind: 'pick', slot: 'squadrons', card: 'fpa-interceptor' }, 'malformed', /^card: unknown field/);
    refuse(d, 0, { kind: 'pick', slot: 'main' }, 'malformed', /^card: expected a card id/);
    refuse(d, 2 as Seat, { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' }, 'malformed', /^seat:/);
  });

  it('RULES §5: applying an action never mutates the draft given', () => {
    const d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    const before = JSON.stringify(d);
    const d1 = play(d, 0, { kind: 'pick', slot: 'main', card: 'fpa-mass-driver' });
    expect(JSON.stringify(d)).toBe(before);
    const frozen = JSON.stringify(d1);
    play(d1, 1, { kind: 'pick', slot: 'squadrons', cards: ['lamais-dart', 'lamais-dart', 'lamais-wisp'] });
    expect(JSON.stringify(d1)).toBe(frozen);
  });

  it('RULES §5: the log keeps every accepted action in order, and the cards are copied', () => {
    const cards: [string, string, string] = ['fpa-interceptor', 'fpa-gunship', 'fpa-pathfinder'];
    let d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    d = play(d, 0, { kind: 'pick', slot: 'squadrons', cards });
    d = play(d, 1, { kind: 'pick', slot: 'pointDefence', card: 'lamais-scatter-guns' });
    cards[0] = 'fpa-strike-fighter';
    expect(d.log).toEqual([
      {
        seat: 0,
        action: { kind: 'pick', slot: 'squadrons', cards: ['fpa-interceptor', 'fpa-gunship', 'fpa-pathfinder'] },
      },
      { seat: 1, action: { kind: 'pick', slot: 'pointDefence', card: 'lamais-scatter-guns' } },
    ]);
    expect(d.loadouts[0].squadrons).toEqual(['fpa-interceptor', 'fpa-gunship', 'fpa-pathfinder']);
  });
});

describe('RULES §5: the swap step', () => {
  it('RULES §5: the initiative holder swaps, then the opponent may swap one too', () => {
    let d = picked(1);
    expect(draftLoadouts(d)).toBeNull();
    refuse(d, 0, { kind: 'no-swap' }, 'not-your-turn');
    d = play(d, 1, { kind: 'swap', slot: 'main', card: 'lamais-siege-battery' });
    expect(draftTurn(d)).toEqual({ stage: 'swap', seat: 0, seats: [0] });
    d = play(d, 0, {
      kind: 'swap',
      slot: 'squadrons',
      cards: ['fpa-torpedo-bomber', 'fpa-pathfinder', 'fpa-torpedo-bomber'],
    });
    expect(draftTurn(d)).toEqual({ stage: 'munitions', seat: null, seats: [0, 1] });
    expect(draftLoadouts(d)).toEqual([
      { ...FPA_LOADOUT, squadrons: ['fpa-torpedo-bomber', 'fpa-pathfinder', 'fpa-torpedo-bomber'] },
      { ...LAMAIS_LOADOUT, main: 'lamais-siege-battery' },
    ]);
    expect(d.swaps).toEqual(['swapped', 'swapped']);
  });

  it('RULES §5: if the initiative holder does not swap, the opponent may not either', () => {
    let d = picked(0);
    d = play(d, 0, { kind: 'no-swap' });
    expect(draftTurn(d).stage).toBe('munitions');
    refuse(d, 1, { kind: 'swap', slot: 'main', card: 'lamais-siege-battery' }, 'wrong-stage');
    expect(draftLoadouts(d)).toEqual([FPA_LOADOUT, LAMAIS_LOADOUT]);
  });

  it('RULES §5: the opponent may decline its swap', () => {
    let d = picked(0);
    d = play(d, 0, { kind: 'swap', slot: 'pointDefence', card: 'fpa-flak-screen' });
    d = play(d, 1, { kind: 'no-swap' });
    expect(d.swaps).toEqual(['swapped', 'declined']);
    expect(draftTurn(d).stage).toBe('munitions');
  });

  it('RULES §5: a swap takes another card of that slot, from the own deck, within the squadron rules', () => {
    const d = picked(0);
    refuse(
      d,
      0,
      { kind: 'swap', slot: 'main', card: 'fpa-mass-driver' },
      'same-card',
      /^card: "fpa-mass-driver" is already your main/,
    );
    refuse(
      d,
      0,
      { kind: 'swap', slot: 'squadrons', cards: ['fpa-strike-fighter', 'fpa-interceptor', 'fpa-interceptor'] },
      'same-card',
    );
    refuse(d, 0, { kind: 'swap', slot: 'main', card: 'lamais-siege-battery' }, 'wrong-faction');
    refuse(d, 0, { kind: 'swap', slot: 'broadside', card: 'fpa-heavy-lance' }, 'wrong-slot');
    refuse(
      d,
      0,
      { kind: 'swap', slot: 'squadrons', cards: ['fpa-strike-fighter', 'fpa-strike-fighter', 'fpa-torpedo-bomber'] },
      'three-heavy',
    );
    refuse(d, 0, { kind: 'pick', slot: 'main', card: 'fpa-heavy-lance' }, 'wrong-stage');
  });
});

describe('RULES §5: munitions', () => {
  const ready = (): Draft => play(picked(0), 0, { kind: 'no-swap' });

  it('RULES §5: both players place at once, 4 munitions within capacity', () => {
    let d = ready();
    // FPA: Interceptor (2), Interceptor (2), Strike Fighter (2)
    refuse(
      d,
      0,
      { kind: 'munitions', munitions: [3, 1, 0] },
      'over-capacity',
      /^munitions\[0\]: 3 munitions, capacity 2/,
    );
    refuse(d, 0, { kind: 'munitions', munitions: [1, 1, 1] }, 'munitions-total', /3 munitions placed, must be 4/);
    refuse(d, 0, { kind: 'munitions', munitions: [2, 2, 2] }, 'munitions-total');
    refuse(d, 0, { kind: 'munitions', munitions: [2, 2] }, 'malformed', /^munitions: expected three numbers/);
    refuse(d, 0, { kind: 'munitions', munitions: [2, 1.5, 0.5] }, 'malformed', /^munitions\[1\]/);
    // The shape first (parseDraftAction), whatever the numbers before it: a negative count is malformed.
    refuse(d, 0, { kind: 'munitions', munitions: [2, 3, -1] }, 'malformed', /^munitions\[2\]/);
    refuse(d, 0, { kind: 'munitions', munitions: [2, 3, 0] }, 'over-capacity', /^munitions\[1\]/);
    refuse(d, 0, { kind: 'munitions', munitions: [2, 2, '0'] }, 'malformed', /^munitions\[2\]/);
    d = play(d, 1, { kind: 'munitions', munitions: [1, 1, 2] });
    expect(draftTurn(d)).toEqual({ stage: 'munitions', seat: null, seats: [0] });
    expect(draftMunitions(d)).toBeNull();
    refuse(d, 1, { kind: 'munitions', munitions: [2, 2, 0] }, 'already-placed');
    d = play(d, 0, { kind: 'munitions', munitions: [0, 2, 2] });
    expect(draftTurn(d)).toEqual({ stage: 'done', seat: null, seats: [] });
    expect(draftMunitions(d)).toEqual([
      [0, 2, 2],
      [1, 1, 2],
    ]);
    refuse(d, 0, { kind: 'munitions', munitions: [2, 2, 0] }, 'wrong-stage');
    expect(d.log.slice(-3)).toEqual([
      { seat: 0, action: { kind: 'no-swap' } },
      { seat: 1, action: { kind: 'munitions', munitions: [1, 1, 2] } },
      { seat: 0, action: { kind: 'munitions', munitions: [0, 2, 2] } },
    ]);
  });
});

describe('RULES §5, §7: legal actions, time-out defaults, random players', () => {
  it('RULES §5: legal actions list the open slots to the player to move, nothing to the other', () => {
    let d = createDraft({ factions: ['fpa', 'lamais'], initiative: 0 });
    d = play(d, 0, { kind: 'pick', slot: 'fighterBay', card: 'fpa-catapult-bay' });
    expect(legalDraftActions(d, 0)).toMatchObject({ stage: 'pick', toMove: false, actions: [] });
    d = play(d, 1, { kind: 'pick', slot: 'main', card: 'lamais-spinal-railgun' });
    const o = legalDraftActions(d, 0);
    expect(o.slots).toEqual([
      { slot: 'main', cards: ['fpa-mass-driver', 'fpa-heavy-lance'] },
      { slot: 'broadside', cards: ['fpa-torpedo-racks', 'fpa-flak-batteries'] },
      { slot: 'pointDefence', cards: ['fpa-ciws', 'fpa-flak-screen', 'fpa-sentinel-lasers'] },
    ]);
    expect(o.squadrons).toHaveLength(21);
    expect(o.actions).toHaveLength(7 + 21);
    for (const a of o.actions) expect(applyDraftAction(d, 0, a).ok).toBe(true);
  });

  it('RULES §5: in the swap step, every other card of each slot, and no-swap', () => {
    const o = legalDraftActions(picked(0), 0);
    expect(o.noSwap).toBe(true);
    expect(o.slots.find((s) => s.slot === 'pointDefence')!.cards).toEqual(['fpa-flak-screen', 'fpa-sentinel-lasers']);
    expect(o.squadrons).toHaveLength(20);
    expect(o.actions).toHaveLength(1 + 1 + 1 + 1 + 2 + 20);
  });

  it('RULES §7: time-out defaults: first legal card, no swap, munitions spread over the squadrons', () => {
    let d = createDraft({ factions: ['fpa', 'lamais'], initiative: 1 });
    expect(defaultDraftAction(d, 0)).toBeNull();
    for (let turn = draftTurn(d); turn.stage !== 'done'; turn = draftTurn(d)) {
      for (const seat of turn.seats) d = play(d, seat, defaultDraftAction(d, seat)!);
    }
    expect(d.log.map((e) => e.action.kind)).toEqual([...Array(10).fill('pick'), 'no-swap', 'munitions', 'munitions']);
    expect(draftLoadouts(d)).toEqual([
      {
        main: 'fpa-mass-driver',
        broadside: 'fpa-torpedo-racks',
        fighterBay: 'fpa-catapult-bay',
        pointDefence: 'fpa-ciws',
        squadrons: ['fpa-interceptor', 'fpa-interceptor', 'fpa-interceptor'],
      },
      {
        main: 'lamais-spinal-railgun',
        broadside: 'lamais-slug-throwers',
        fighterBay: 'lamais-deep-hangar',
        pointDefence: 'lamais-point-lasers',
        squadrons: ['lamais-dart', 'lamais-dart', 'lamais-dart'],
      },
    ]);
    expect(draftMunitions(d)).toEqual([
      [2, 1, 1],
      [2, 1, 1],
    ]);
  });

  it('RULES §5, §7: the default munitions give every squadron that can use them some, one each in squadron order', () => {
    let d = picked(0);
    d = play(d, 0, { kind: 'swap', slot: 'squadrons', cards: ['fpa-pathfinder', 'fpa-torpedo-bomber', 'fpa-gunship'] });
    d = play(d, 1, { kind: 'no-swap' });
    expect(defaultDraftAction(d, 0)).toEqual({ kind: 'munitions', munitions: [1, 1, 2] });
    expect(defaultDraftAction(d, 1)).toEqual({ kind: 'munitions', munitions: [2, 1, 1] });
    // No torpedo token for the torpedo squadron: its share goes round the others.
    const rules = { capacity: [2, 2, 1] as const, torpedo: [false, false, true] as const, torpedoTokens: 0, total: 4 };
    expect(defaultMunitions({ ...rules, capacity: [...rules.capacity], torpedo: [...rules.torpedo] })).toEqual([
      2, 2, 0,
    ]);
  });

  it('RULES §5: random legal players always complete a legal draft, the same for the same seed', () => {
    const run = (seed: string): Draft => {
      const rng = createRng(seed);
      let d = createDraft({ factions: ['lamais', 'fpa'], initiative: 0 });
      for (let turn = draftTurn(d); turn.stage !== 'done'; turn = draftTurn(d)) {
        for (const seat of turn.seats) d = play(d, seat, randomDraftAction(d, seat, rng)!);
      }
      return d;
    };
    for (let i = 0; i < 40; i++) {
      const d = run(`draft-${i}`);
      const [l0, l1] = draftLoadouts(d)!;
      expect(checkLoadout(LAMAIS, l0).ok).toBe(true);
      expect(checkLoadout(FPA, l1).ok).toBe(true);
      expect(draftMunitions(d)).not.toBeNull();
      expect(run(`draft-${i}`)).toEqual(d);
    }
  });

  it('RULES §5: the random player draws from every legal action', () => {
    const d = picked(0);
    const n = legalDraftActions(d, 0).actions.length;
    const rng = createRng('uniform');
    const seen = new Set<string>();
    for (let i = 0; i < 40 * n; i++) seen.add(JSON.stringify(randomDraftAction(d, 0, rng)));
    expect(seen.size).toBe(n);
    expect(randomDraftAction(d, 1, rng)).toBeNull();
  });
});
