// Friendly fire ahead: a laser destroys every small token on its path and a projectile every squadron it
// passes, whoever owns them (RULES §4.5), so a firing line that crosses your own squadron says so before you lock in.
// The line and what it destroys are the engine's (firingLine), from the position given: the commit panel passes the
// one after its own drift (stateWhenFiring). Advisory: squadrons and the other warship still move before the weapons.
import { firingLine, type CardPlay, type PublicState, type Seat } from '@star-eater/engine';

/** Warnings for the chosen cards whose firing line would destroy one of this seat's squadrons. */
export function friendlyFireWarnings(s: PublicState, seat: Seat, cards: readonly CardPlay[]): string[] {
  const out: string[] = [];
  for (const play of cards) {
    const line = firingLine(s, seat, play);
    const own = line?.destroys.find((t) => t.kind === 'squadron' && t.owner === seat);
    if (!line || !own) continue;
    const i = s.ships[seat].squadrons.findIndex((q) => q.id === own.id);
    out.push(`${line.weapon.name} fires through your squadron S${i + 1}: it would be destroyed.`);
  }
  return out;
}
