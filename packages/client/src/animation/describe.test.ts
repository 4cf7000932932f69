// The match log's line for an AOE shot (RULES §4.5: an AOE weapon may aim at an empty hex), its hex named from the
// firing warship as the board shows it (distance and clock position), never by coordinates.
import { describe, expect, it } from 'vitest';
import {
  CARD_NAMES,
  COMPONENT_NAMES,
  FACTIONS,
  HIT_BASE,
  HIT_DIE,
  PHASE_NAMES,
  type CardId,
  type MatchEvent,
} from '@star-eater/engine';
import { withRenamed } from '../../test/with-renamed.js';
import { describeEvent, rollFormula, type Warships } from './describe.js';
import type { Names } from './names.js';

const names = ['Ada', 'Brin'] as const;
/** Brin's warship at (7, 4) facing S: (7, 8) lies four hexes straight ahead of it. */
const ships: Warships = [
  { core: { q: 7, r: 13 }, facing: 'N' },
  { core: { q: 7, r: 4 }, facing: 'S' },
];
const shot = (targets: number): MatchEvent => ({
  type: 'aoe-fired',
  source: { seat: 1, by: 'main', weapon: 'lamais-siege-battery', attackArc: 'front' },
  from: { q: 7, r: 5 },
  at: { q: 7, r: 8 },
  radius: 1,
  targets,
});

describe('describeEvent: aoe-fired', () => {
  it('RULES §4.5: says where the shot landed, from the firing warship, and that the area was empty', () => {
    expect(describeEvent(shot(0), names, ships)).toMatch(
      /^Brin's .*Siege Battery.* fires a blast 4 hexes at 12 o'clock: nothing in the area\.$/,
    );
  });
  it('RULES §4.5: counts the targets rolled against', () => {
    expect(describeEvent(shot(2), names, ships)).toMatch(
      /fires a blast 4 hexes at 12 o'clock: 2 targets in the area\.$/,
    );
  });
  it('names the hex as the board shows it: the warship turned, the clock turns with it; no coordinates', () => {
    const turned: Warships = [ships[0], { core: { q: 7, r: 4 }, facing: 'N' }];
    const line = describeEvent(shot(1), names, turned)!;
    expect(line).toMatch(/fires a blast 4 hexes at 6 o'clock/);
    expect(line).not.toMatch(/\d+ ?, ?\d+/);
  });
});

// The client copies no names or numbers from the engine: rename a card in the engine's content and the
// log follows; the hit formula prints the engine's die and base.
describe('describeEvent: names and numbers come from the engine', () => {
  it('a commitment card renamed in the engine is renamed in the log', () => {
    const ignored: MatchEvent = { type: 'card-ignored', seat: 0, card: 'vent-coolant', reason: 'nothing-to-do' };
    withRenamed(CARD_NAMES as Record<CardId, string>, 'vent-coolant', 'Flush Radiators', () =>
      expect(describeEvent(ignored, names, ships)).toBe("Ada's Flush Radiators does nothing (nothing to do)."),
    );
  });

  it('a weapon renamed in the content is renamed where it fires', () => {
    const card = FACTIONS.lamais.main.find((c) => c.id === 'lamais-siege-battery')!;
    withRenamed(card, 'name', 'Test Howitzer', () =>
      expect(describeEvent(shot(1), names, ships)).toMatch(/^Brin's Test Howitzer fires a blast/),
    );
  });

  it('a weapon named in the plural takes the plural verb', () => {
    const card = FACTIONS.lamais.main.find((c) => c.id === 'lamais-siege-battery')!;
    withRenamed(card, 'name', 'Siege Batteries', () =>
      expect(describeEvent(shot(1), names, ships)).toMatch(/^Brin's Siege Batteries fire a blast/),
    );
    const hit: MatchEvent = {
      type: 'damage',
      seat: 0,
      section: 'bow',
      amount: 2,
      source: { seat: 1, by: 'main', weapon: 'lamais-siege-battery', attackArc: 'front' },
      armourBefore: 3,
      armourAfter: 1,
      structureBefore: 10,
      structureAfter: 10,
      lost: 0,
    };
    withRenamed(card, 'name', 'Siege Batteries', () =>
      expect(describeEvent(hit, names, ships)).toMatch(/^Brin's Siege Batteries deal 2 to Ada's bow/),
    );
    expect(describeEvent(hit, names, ships)).toMatch(/^Brin's Siege Battery deals 2 to Ada's bow/);
  });

  it('damage no weapon dealt opens its line with a capital, and a player’s name stays as typed', () => {
    const dealt = (source: Extract<MatchEvent, { type: 'damage' }>['source'], who: Names = names) =>
      describeEvent(
        {
          type: 'damage',
          seat: 0,
          section: 'bow',
          amount: 1,
          source,
          armourBefore: 0,
          armourAfter: 0,
          structureBefore: 3,
          structureAfter: 2,
          lost: 0,
        },
        who,
        ships,
      );
    expect(dealt({ seat: 1, by: 'collision' })).toMatch(/^The collision deals 1 to Ada's bow/);
    expect(dealt({ seat: null, by: 'edge' })).toMatch(/^The board edge deals 1 to Ada's bow/);
    expect(dealt({ seat: null, by: 'critical' })).toMatch(/^A critical hit deals 1 to Ada's bow/);
    const lower: Names = ['ada', 'brin'];
    expect(dealt({ seat: 1, by: 'main', weapon: 'lamais-siege-battery' }, lower)).toMatch(/^brin's Siege Battery/);
  });

  it('a component and a phase are named in the engine’s words', () => {
    const cd: MatchEvent = {
      type: 'cooldown',
      seat: 1,
      component: 'fighterBay',
      before: 0,
      after: 1,
      reason: 'activated',
    };
    expect(describeEvent(cd, names, ships)).toBe(`Brin's ${COMPONENT_NAMES.fighterBay}: cooldown 0 → 1.`);
    expect(describeEvent({ type: 'phase', phase: 'weapons' }, names, ships)).toBe(PHASE_NAMES.weapons);
  });

  it('RULES §4.5: the attack line prints the engine’s hit formula', () => {
    const line = rollFormula({
      roll: 9,
      evasion: 1,
      accuracy: 2,
      baseAccuracy: 2,
      modifiers: [],
      needAbove: 5,
      hit: true,
    });
    expect(line).toBe(`d${HIT_DIE} = 9 > ${HIT_BASE} + 1 evasion − 2 accuracy = 5 → HIT`);
  });
});
