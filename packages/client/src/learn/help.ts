// In-match help: one line under each commitment card and each decision prompt saying what it does, in the words of
// the learn page, naming the player's own cards (the synced loadout, read through the engine's content).
import {
  FACTIONS,
  findCard,
  type CardId,
  type PointDefenceCard,
  type Prompt,
  type PublicState,
  type Seat,
  type WeaponArc,
  type WeaponCard,
  type WeaponClass,
} from '@star-eater/engine';

const FAMILY: Record<WeaponClass, string> = {
  laser: 'beam',
  projectile: 'projectile',
  torpedo: 'homing torpedo',
  direct: 'direct fire',
};

/** Where a weapon on a mount reaches, as the learn page says it. */
function reach(arc: WeaponArc, side: 'left' | 'right' | null): string {
  switch (arc) {
    case 'bullseye':
      return 'straight ahead';
    case 'side':
      return side ? `to the ${side}` : 'to the side';
    case 'turret':
      return 'turret: pick its arc';
    case 'any':
      return 'any direction';
    default:
      return `${arc} arc`;
  }
}

function weapon(id: string, side: 'left' | 'right' | null): string {
  const r = findCard<WeaponCard>(id, ['main', 'broadside']);
  if (!r.ok) return 'Fires this weapon';
  const w = r.value;
  const area = w.aoe ? ', area' : '';
  return `${w.name}: ${FAMILY[w.class]}${area}, ${reach(w.arc, side)}`;
}

const SPECIAL: Record<string, string> = {
  emergencyRepairs: 'repair armour',
  capacitorDump: 'clear a cooldown',
};

/** What a commitment card does this round, for this seat's warship, in one short line. */
export function cardHelp(id: CardId, s: PublicState, seat: Seat): string {
  const ship = s.ships[seat];
  switch (id) {
    case 'fire-main':
      return weapon(ship.loadout.main, null);
    case 'port-broadside':
      return weapon(ship.loadout.broadside, 'left');
    case 'starboard-broadside':
      return weapon(ship.loadout.broadside, 'right');
    case 'launch-squadron': {
      const aboard = ship.squadrons.filter((q) => q.status === 'aboard').length;
      return `Put a squadron into space (${aboard} aboard)`;
    }
    case 'defence-stations': {
      const pd = findCard<PointDefenceCard>(ship.loadout.pointDefence, ['pointDefence']);
      return `${pd.ok ? pd.value.name : 'Point defence'}: shoot squadrons, torpedoes`;
    }
    case 'vent-coolant':
      return 'Take one cooldown token off now';
    case 'squadron-maintenance':
      return 'Reload squadrons aboard, or repair one';
    case 'special-ability': {
      const sp = FACTIONS[ship.faction].special;
      return `${sp.name} (${ship.power}◆): ${SPECIAL[sp.kind] ?? 'your faction’s ability'}`;
    }
  }
}

/** What answering a decision prompt does, in one line. */
export function promptHelp(p: Prompt): string {
  switch (p.kind) {
    case 'direct-fire':
      return 'One roll against what you pick (an area weapon: against each enemy in the area); a miss still cools it down.';
    case 'point-defence':
      return 'Each shot rolls against one enemy squadron or torpedo near your warship; never at warships.';
    case 'fighter':
      return 'Move one squadron and attack (one munition), launch one, recall one near a bay, or pass for this round.';
  }
}
