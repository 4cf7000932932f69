// What is on a hex, in words (every board piece can be inspected — hover on desktop, tap on touch): the
// warship section with its armour and the ship's structure, a squadron with its card and munitions, a projectile or
// torpedo with its damage. Pure: reads the board model the renderer draws.
import { addressed } from '../animation/grammar.js';
import { dirAt, findCard, type Hex } from '@star-eater/engine';
import { shipHexes, type BoardModel } from './model.js';

const SECTION: Record<string, string> = {
  bow: 'bow',
  core: 'core',
  port: 'port (rear-left)',
  starboard: 'starboard (rear-right)',
};

const same = (a: Hex, b: Hex) => Math.round(a.q) === b.q && Math.round(a.r) === b.r;

export function describeHex(m: BoardModel, at: Hex): string | null {
  for (const ship of m.ships) {
    const secs = shipHexes(ship.core, dirAt(Math.round(ship.facing)));
    for (const [sec, h] of Object.entries(secs)) {
      if (!same(h, at)) continue;
      const armour = ship.armour[sec as keyof typeof ship.armour];
      return addressed(
        `${ship.name}'s warship, ${SECTION[sec]}: armour ${armour}/${ship.startArmour[sec as 'bow']}, structure ${ship.structure}/${ship.maxStructure}`,
      );
    }
  }
  const t = m.tokens.find((x) => same(x.at, at));
  if (!t) return null;
  const owner = m.ships[t.owner]?.name ?? `Player ${t.owner + 1}`;
  const heading = dirAt(Math.round(t.facing));
  if (t.kind === 'squadron') {
    const sq = m.ships[t.owner]?.squadrons.find((q) => q.id === t.id);
    const card = sq ? findCard(sq.card) : null;
    const name = card?.ok ? card.value.name : (sq?.card ?? 'squadron');
    const n = t.munitions ?? sq?.munitions ?? 0;
    return addressed(`${owner}'s ${name} squadron, facing ${heading}: ${n} munition${n === 1 ? '' : 's'}`);
  }
  return addressed(`${owner}'s ${t.kind}, heading ${heading}: ${t.label} damage`);
}
