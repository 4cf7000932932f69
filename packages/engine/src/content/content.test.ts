import { describe, expect, it } from 'vitest';
import type { SquadronWeapon } from '../types.js';
import {
  cardFaction,
  cardSlot,
  FACTIONS,
  fighterBayCard,
  findCard,
  findFaction,
  getFaction,
  pointDefenceCard,
  slotCards,
  squadronCard,
  weaponCard,
} from './index.js';

// Literal copies of the RULES §6 tables; each row is checked against the content files.
const WARSHIPS = `
| FPA | 4 | 5 | 3 | 3 | 10 | 0 | Emergency Repairs (2): restore 2 armour to one section, not above its starting value |
| Lamais | 3 | 4 | 4 | 4 | 9 | 1 | Capacitor Dump (2): remove all cooldown tokens from one component |`;
const WEAPONS = `
| fpa-mass-driver | main | Mass Driver | projectile | 3 | spd 3 | | | 1 | 3 | bullseye |
| fpa-heavy-lance | main | Heavy Lance | laser | 3 | rng 6 | | | 2 | | bullseye |
| fpa-torpedo-racks | broadside | Torpedo Racks | torpedo | 3 | spd 2 | | | 2 | 3 | side |
| fpa-flak-batteries | broadside | Flak Batteries | direct | 1 | rng 3 | 2 | 1 | 1 | | side |
| lamais-spinal-railgun | main | Spinal Railgun | projectile | 4 | spd 4 | | | 2 | 3 | bullseye |
| lamais-siege-battery | main | Siege Battery | direct | 2 | rng 5 | 1 | 1 | 2 | | front |
| lamais-slug-throwers | broadside | Slug Throwers | projectile | 2 | spd 3 | | | 1 | 6 | side |
| lamais-pulse-lasers | broadside | Pulse Lasers | laser | 2 | rng 4 | | | 1 | | side |`;
const BAYS = `
| fpa-catapult-bay | Catapult Bay | 2 | 1 | 0 | — |
| fpa-automated-hangar | Automated Hangar | 1 | 1 | 0 | cleanup: each on-board squadron gains 1 munition |
| lamais-deep-hangar | Deep Hangar | 1 | 2 | 0 | — |
| lamais-launch-rails | Launch Rails | 2 | 1 | 1 | a squadron launched this round has +1 speed |`;
const POINT_DEFENCE = `
| fpa-ciws | CIWS Mounts | 2 | 2 | 2 | | 0 |
| fpa-flak-screen | Flak Screen | 3 | 1 | 1 | 1 | 1 |
| fpa-sentinel-lasers | Sentinel Lasers | 4 | 3 | 1 | | 1 |
| lamais-point-lasers | Point Lasers | 3 | 2 | 1 | | 0 |
| lamais-scatter-guns | Scatter Guns | 1 | 3 | 3 | | 0 |
| lamais-dazzler-array | Dazzler Array | 2 | 1 | 2 | | 1 |`;
const SQUADRONS = `
| fpa-interceptor | Interceptor | 4 | 3 | direct rng 2 acc 2 dmg 1, front | 2 | no | 3 |
| fpa-strike-fighter | Strike Fighter | 3 | 2 | direct rng 2 acc 1 dmg 2, front | 2 | yes | 2 |
| fpa-torpedo-bomber | Torpedo Bomber | 2 | 1 | torpedo spd 2 dmg 3 (FPA squadron torpedo tokens: 3) | 1 (torpedo) | yes | 2 |
| fpa-gunship | Gunship | 2 | 1 | direct rng 3 acc 1 dmg 1, single turret | 3 | no | 1 |
| fpa-pathfinder | Pathfinder | 5 | 4 | action Mark: an enemy warship within 3 in its front arc; your direct fire against it has +1 accuracy this round | 1 | no | 1 |
| lamais-dart | Dart | 5 | 3 | direct rng 1 acc 2 dmg 1, front | 2 | no | 3 |
| lamais-lancer | Lancer | 3 | 2 | laser rng 3 dmg 2 | 2 | yes | 2 |
| lamais-hammer | Hammer | 2 | 1 | direct rng 1 acc 3 dmg 3, front | 1 | yes | 2 |
| lamais-warden | Warden | 3 | 2 | direct rng 2 acc 3 dmg 1, squadrons and torpedoes only, any direction | 3 | no | 2 |
| lamais-wisp | Wisp | 4 | 4 | direct rng 2 acc 1 dmg 1, front; +2 accuracy when behind the target warship | 2 | no | 1 |`;
/** The weapon column of the squadron table, as the engine's data. */
const SQUADRON_WEAPONS: Record<string, SquadronWeapon> = {
  'fpa-interceptor': { kind: 'direct', range: 2, accuracy: 2, damage: 1, arc: 'front' },
  'fpa-strike-fighter': { kind: 'direct', range: 2, accuracy: 1, damage: 2, arc: 'front' },
  'fpa-torpedo-bomber': { kind: 'torpedo', speed: 2, damage: 3 },
  'fpa-gunship': { kind: 'direct', range: 3, accuracy: 1, damage: 1, arc: 'turret' },
  'fpa-pathfinder': { kind: 'mark', range: 3, accuracyBonus: 1 },
  'lamais-dart': { kind: 'direct', range: 1, accuracy: 2, damage: 1, arc: 'front' },
  'lamais-lancer': { kind: 'laser', range: 3, damage: 2 },
  'lamais-hammer': { kind: 'direct', range: 1, accuracy: 3, damage: 3, arc: 'front' },
  'lamais-warden': { kind: 'direct', range: 2, accuracy: 3, damage: 1, arc: 'any', noWarships: true },
  'lamais-wisp': { kind: 'direct', range: 2, accuracy: 1, damage: 1, arc: 'front', behindBonus: 2 },
};

const rows = (table: string): string[][] =>
  table
    .trim()
    .split('\n')
    .map((l) =>
      l
        .trim()
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
const num = (c: string | undefined): number | undefined => (c === '' || c === undefined ? undefined : Number(c));

describe('RULES §6: warship figures', () => {
  it.each(rows(WARSHIPS))('%s', (name, bow, core, port, starboard, structure, evasion, special) => {
    const f = Object.values(FACTIONS).find((x) => x.name === name)!;
    expect(f.armour).toEqual({ bow: num(bow), core: num(core), port: num(port), starboard: num(starboard) });
    expect(f.structure).toBe(num(structure));
    expect(f.evasion).toBe(num(evasion));
    const m = /^(.+) \((\d+)\)/.exec(special!)!;
    expect(f.special.name).toBe(m[1]);
    expect(f.special.power).toBe(Number(m[2]));
    expect(f.special.text.length).toBeGreaterThan(0);
  });
  it('RULES §6: Emergency Repairs restores 2 armour; Capacitor Dump clears a component', () => {
    expect(FACTIONS.fpa.special).toMatchObject({ kind: 'emergencyRepairs', power: 2, amount: 2 });
    expect(FACTIONS.lamais.special).toMatchObject({ kind: 'capacitorDump', power: 2 });
  });
  it('RULES §6: squadron torpedo tokens (FPA 3, Lamais 0)', () => {
    expect(FACTIONS.fpa.squadronTorpedoTokens).toBe(3);
    expect(FACTIONS.lamais.squadronTorpedoTokens).toBe(0);
  });
});

describe('RULES §6: weapons table', () => {
  it.each(rows(WEAPONS))('%s', (id, slot, name, cls, dmg, spdRng, acc, aoe, cd, tok, arc) => {
    const [kind, value] = spdRng!.split(' ');
    const expected = {
      id,
      slot,
      name,
      class: cls,
      damage: num(dmg),
      speed: kind === 'spd' ? num(value) : undefined,
      range: kind === 'rng' ? num(value) : undefined,
      accuracy: num(acc),
      aoe: num(aoe),
      cooldown: num(cd),
      tokens: num(tok),
      arc,
    };
    const { text, ...card } = weaponCard(id!);
    expect(text).toBeTruthy();
    expect(card).toEqual(expected); // exactly the table's figures: a blank cell is an absent field
    expect(cardSlot(id!)).toBe(slot);
    expect(getFaction(cardFaction(id!)!)[slot as 'main' | 'broadside']).toContain(weaponCard(id!));
  });
  it('RULES §6: every weapon of the decks is in the table', () => {
    const ids = Object.values(FACTIONS).flatMap((f) => [...f.main, ...f.broadside].map((c) => c.id));
    expect(ids.sort()).toEqual(
      rows(WEAPONS)
        .map((r) => r[0])
        .sort(),
    );
  });
});

describe('RULES §6: fighter bays table', () => {
  const effects: Record<string, string> = {
    '—': 'none',
    'cleanup: each on-board squadron gains 1 munition': 'resupply',
    'a squadron launched this round has +1 speed': 'launchSpeed',
  };
  it.each(rows(BAYS))('%s', (id, name, launch, recall, cd, effect) => {
    const { text, ...card } = fighterBayCard(id!);
    expect(text).toBeTruthy();
    expect(card).toEqual({
      id,
      slot: 'fighterBay',
      name,
      launch: num(launch),
      recall: num(recall),
      cooldown: num(cd),
      effect: effects[effect!],
    });
  });
  it('RULES §6: every bay of the decks is in the table', () => {
    const ids = Object.values(FACTIONS).flatMap((f) => f.fighterBay.map((c) => c.id));
    expect(ids.sort()).toEqual(
      rows(BAYS)
        .map((r) => r[0])
        .sort(),
    );
  });
});

describe('RULES §6: point defence table', () => {
  it.each(rows(POINT_DEFENCE))('%s', (id, name, rng, acc, shots, aoe, cd) => {
    const { text, ...card } = pointDefenceCard(id!);
    expect(text).toBeTruthy();
    const expected = {
      id,
      slot: 'pointDefence',
      name,
      range: num(rng),
      accuracy: num(acc),
      shots: num(shots),
      cooldown: num(cd),
    };
    expect(card).toEqual(aoe ? { ...expected, aoe: num(aoe) } : expected);
  });
  it('RULES §6: every point defence of the decks is in the table', () => {
    const ids = Object.values(FACTIONS).flatMap((f) => f.pointDefence.map((c) => c.id));
    expect(ids.sort()).toEqual(
      rows(POINT_DEFENCE)
        .map((r) => r[0])
        .sort(),
    );
  });
});

describe('RULES §6: squadrons table', () => {
  it.each(rows(SQUADRONS))('%s', (id, name, spd, eva, _weapon, cap, heavy, max) => {
    const { text, ...card } = squadronCard(id!);
    expect(text).toBeTruthy();
    expect(card).toEqual({
      id,
      name,
      speed: num(spd),
      evasion: num(eva),
      weapon: SQUADRON_WEAPONS[id!],
      capacity: Number.parseInt(cap!, 10),
      munition: cap!.includes('torpedo') ? 'torpedo' : 'fighter',
      heavy: heavy === 'yes',
      max: num(max),
    });
    expect(cardSlot(id!)).toBe('squadrons');
  });
  it('RULES §6: every squadron of the decks is in the table', () => {
    const ids = Object.values(FACTIONS).flatMap((f) => f.squadrons.map((c) => c.id));
    expect(ids.sort()).toEqual(
      rows(SQUADRONS)
        .map((r) => r[0])
        .sort(),
    );
  });
});

describe('RULES §6: card lookup', () => {
  it('each card id belongs to the deck its prefix names', () => {
    for (const f of Object.values(FACTIONS)) {
      for (const slot of ['main', 'broadside', 'fighterBay', 'pointDefence', 'squadrons'] as const) {
        for (const c of slotCards(f.id, slot)) {
          expect(c.id.startsWith(`${f.id}-`)).toBe(true);
          expect(cardFaction(c.id)).toBe(f.id);
          expect(cardSlot(c.id)).toBe(slot);
          expect(findCard(c.id)).toEqual({ ok: true, value: c });
          expect(findCard(c.id, [slot])).toEqual({ ok: true, value: c });
        }
      }
    }
  });
  it('external input: findCard and findFaction give a Result naming what was wrong, never a throw', () => {
    expect(findCard('nope')).toEqual({ ok: false, error: { code: 'unknown-card', message: 'unknown card: nope' } });
    expect(findCard(42)).toMatchObject({ ok: false, error: { code: 'unknown-card' } });
    expect(findCard(undefined)).toMatchObject({ ok: false, error: { code: 'unknown-card' } });
    expect(findCard('fpa-ciws', ['main', 'broadside'])).toEqual({
      ok: false,
      error: { code: 'wrong-slot', message: 'fpa-ciws is a pointDefence card, not main or broadside' },
    });
    expect(findFaction('lamais')).toEqual({ ok: true, value: FACTIONS.lamais });
    expect(findFaction('klingon')).toEqual({
      ok: false,
      error: { code: 'unknown-faction', message: 'unknown faction: klingon' },
    });
    expect(findFaction({ toString: null })).toMatchObject({ ok: false, error: { code: 'unknown-faction' } });
  });
  it('validated data: an unknown id in the typed lookups is a bug, and throws', () => {
    expect(cardSlot('nope')).toBeUndefined();
    expect(() => weaponCard('nope')).toThrow(/unknown weapon card: nope/);
    expect(() => weaponCard('fpa-ciws')).toThrow(/unknown weapon card/);
    expect(() => fighterBayCard('fpa-mass-driver')).toThrow(/unknown fighter bay card/);
    expect(() => pointDefenceCard('fpa-interceptor')).toThrow(/unknown point defence card/);
    expect(() => squadronCard('fpa-ciws')).toThrow(/unknown squadron card/);
    expect(() => getFaction('klingon' as never)).toThrow(/unknown faction/);
  });
  it('content is plain JSON data', () => {
    expect(JSON.parse(JSON.stringify(FACTIONS))).toEqual(FACTIONS);
  });
});
