// Friendly fire ahead (issue 12): a laser destroys every small token on its path and a projectile every squadron it
// passes, whoever owns them (RULES §4.5), so a firing line that crosses your own squadron says so before you lock in.
// Advisory, from the position now (the ships and squadrons still move before the weapons phase).
import { shipHexes, weaponCard, type CardPlay, type Hex, type MatchState, type Seat } from '@star-eater/engine';
import { weaponHexes } from './commit-options.js';

const key = (h: Hex) => `${h.q},${h.r}`;

/** Warnings for the chosen cards whose firing line crosses one of this seat's squadrons before a warship. */
export function friendlyFireWarnings(s: MatchState, seat: Seat, cards: readonly CardPlay[]): string[] {
  const ship = s.ships[seat];
  const mine = new Map<string, number>();
  for (const q of ship.squadrons) if (q.status === 'space' && q.at) mine.set(key(q.at), q.index);
  if (!mine.size) return [];
  const warships = new Set(s.ships.flatMap((w) => shipHexes(w).map(key)));
  const out: string[] = [];
  for (const play of cards) {
    const id =
      play.card === 'fire-main'
        ? ship.loadout.main
        : play.card === 'port-broadside' || play.card === 'starboard-broadside'
          ? ship.loadout.broadside
          : null;
    if (!id) continue;
    const w = weaponCard(id);
    if (w.class !== 'laser' && w.class !== 'projectile') continue;
    for (const h of weaponHexes(s, seat, play)) {
      if (warships.has(key(h))) break;
      const i = mine.get(key(h));
      if (i !== undefined) {
        out.push(`${w.name} fires through your squadron S${i + 1}: it would be destroyed.`);
        break;
      }
    }
  }
  return out;
}
