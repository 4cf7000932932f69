// The commit panel's short texts: why the engine card will count as NONE, the keyboard keys, and each card's hint (what
// it fires or does), read from the engine's content and previews.
import { FACTIONS, findCard, type CardId, type PublicState, type Seat, type WeaponCard } from '@star-eater/engine';
import { h } from '../ui/dom.js';

/** Why the engine card chosen will count as NONE (the engine's reason, RULES §9), or nothing. */
export function engineBlocked(blocked: 'thruster-locked' | 'fuel-leak' | null): HTMLElement | null {
  if (!blocked) return null;
  const text =
    blocked === 'thruster-locked'
      ? 'Thruster locked by a critical hit: your engine card counts as NONE this round.'
      : 'Fuel leak from a critical hit: DOUBLE counts as NONE for the rest of the match.';
  return h('p.warn', { id: 'engine-blocked', role: 'status' }, '⚠ ', text);
}

/** The panel's keyboard keys, in one line. */
export function keysHint(): HTMLElement {
  const k = (x: string) => h('kbd', null, x);
  return h(
    'div.keys-hint.dim',
    null,
    ...['Keys: ', k('1'), '–', k('0'), ' engine · ', k('Q'), '–', k('I'), ' cards · ', k('Enter'), ' lock in · '],
    ...[k('Esc'), ' revise · ', k('.'), ' skip · ', k(','), ' speed'],
  );
}

/** A warship weapon of the synced loadout, or null for an id the content does not know. */
function safeCard(id: string): WeaponCard | null {
  const r = findCard<WeaponCard>(id, ['main', 'broadside']);
  return r.ok ? r.value : null;
}

export function cardHint(id: CardId, s: PublicState, seat: Seat): string {
  const ship = s.ships[seat];
  const name = (x: string) => safeCard(x)?.name ?? '';
  switch (id) {
    case 'fire-main':
      return name(ship.loadout.main);
    case 'port-broadside':
    case 'starboard-broadside':
      return name(ship.loadout.broadside);
    case 'special-ability':
      return `${FACTIONS[ship.faction].special.name} (${ship.power}◆)`;
    case 'launch-squadron':
      return `${ship.squadrons.filter((q) => q.status === 'aboard').length} aboard`;
    default:
      return '';
  }
}
