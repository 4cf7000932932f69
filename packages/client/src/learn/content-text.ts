// The learn page's sentences that name the game's content: each faction's warship and special ability, and the cards
// of each weapon family. Read from the engine's content (FACTIONS), so a balance change or a new card shows here
// without an edit.
import { FACTIONS, FACTION_IDS, type Faction, type WeaponClass } from '@star-eater/engine';

const list = (names: string[]) => [...new Set(names)].join(', ');

/** One faction's warship in a sentence: armour per section, structure, evasion and its special ability. */
export function factionText(f: Faction): string {
  const a = f.armour;
  const eva = f.evasion === 0 ? 'no evasion' : `evasion ${f.evasion} (harder to hit with direct fire)`;
  return (
    `${f.name}: armour ${a.bow} on the bow, ${a.core} on the core, ${a.port} and ${a.starboard} on the rear sections; ` +
    `${f.structure} structure; ${eva}. Special ability ${f.special.name} (${f.special.power} power tokens): ` +
    `${f.special.text}`
  );
}

export const factionTexts = (): string[] => FACTION_IDS.map((id) => factionText(FACTIONS[id]));

/** The warship weapons of a class, by name, over every faction. */
function warshipWeapons(cls: WeaponClass): string[] {
  return FACTION_IDS.flatMap((id) => [...FACTIONS[id].main, ...FACTIONS[id].broadside])
    .filter((w) => w.class === cls)
    .map((w) => w.name);
}

/** The squadrons whose weapon is of a kind (a squadron's direct fire, laser, torpedo or mark). */
function squadrons(kind: string): string[] {
  return FACTION_IDS.flatMap((id) => FACTIONS[id].squadrons)
    .filter((q) => q.weapon.kind === kind)
    .map((q) => q.name);
}

/** The cards of a weapon family, warship weapons then squadrons, for "for example …" in the weapons section. */
export function familyCards(cls: WeaponClass): string {
  return list([...warshipWeapons(cls), ...squadrons(cls)]);
}

/** The weapons that hit an area: warship weapons and point defence with an `aoe`. */
export function areaCards(): string {
  return list(
    FACTION_IDS.flatMap((id) => [...FACTIONS[id].main, ...FACTIONS[id].broadside, ...FACTIONS[id].pointDefence])
      .filter((w) => (w.aoe ?? 0) > 0)
      .map((w) => w.name),
  );
}

/** Every point-defence card by name. */
export function pointDefenceCards(): string {
  return list(FACTION_IDS.flatMap((id) => FACTIONS[id].pointDefence.map((p) => p.name)));
}
