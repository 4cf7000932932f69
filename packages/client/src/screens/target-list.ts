// The targets of a direct-fire or point-defence prompt as a player reads them (RULES §4.5): the real targets first,
// likeliest first, each with its odds; an AOE weapon's hexes named by what the blast would catch and where it lies
// from the warship (12 o'clock = its heading), one line per set of targets caught (the board still takes a click on
// any legal hex); and, for an AOE weapon, "Hold fire": a hex with nothing to catch, so no die is rolled. The options
// are the engine's; this file only orders and names them.
import { HIT_DIE, type TargetOption } from '@star-eater/engine';
import { targetName, whereFrom, type Heading, type Names } from '../animation/names.js';

export interface TargetEntry {
  option: TargetOption;
  label: string;
}

export interface TargetList {
  /** The targets with a roll to make, likeliest first. */
  entries: TargetEntry[];
  /** An AOE hex that catches nothing (the nearest): firing there rolls no die. Null when every option has a target. */
  hold: TargetOption | null;
}

/** Whether an option rolls against anything: a target, or an AOE hex with a target in its area. */
const rolls = (o: TargetOption): boolean => o.target.kind !== 'hex' || (o.affected?.length ?? 0) > 0;

/** Whether a shot's options hold anything to roll against (else every option is an empty hex: no die is rolled). */
export const anyTarget = (opts: readonly TargetOption[]): boolean => opts.some(rolls);

const pct = (twelfths: number) => `${Math.round((twelfths / HIT_DIE) * 100)}% to hit`;

function odds(o: TargetOption): string {
  if (o.hitTwelfths === undefined) return '';
  if (o.target.kind === 'hex' && (o.affected?.length ?? 0) > 1)
    return ` · ${(o.hitTwelfths / HIT_DIE).toFixed(1)} hits expected`;
  return ` · ${pct(o.hitTwelfths)}`;
}

const better = (a: TargetOption, b: TargetOption) =>
  (b.hitTwelfths ?? 0) - (a.hitTwelfths ?? 0) || a.distance - b.distance;

export function targetList(opts: readonly TargetOption[], names: Names, ship: Heading): TargetList {
  const best = new Map<string, TargetOption>();
  let hold: TargetOption | null = null;
  for (const o of opts) {
    if (o.target.kind !== 'hex') {
      best.set(JSON.stringify(o.target), o);
      continue;
    }
    if (!rolls(o)) {
      if (!hold || o.distance < hold.distance) hold = o;
      continue;
    }
    const key = JSON.stringify(o.affected);
    const was = best.get(key);
    if (!was || better(o, was) < 0) best.set(key, o);
  }
  const entries = [...best.values()].sort(better).map((o): TargetEntry => {
    const t = o.target;
    const label =
      t.kind === 'hex'
        ? `Blast ${whereFrom(ship, t.at)}, catching ${(o.affected ?? []).map((x) => targetName(x, names)).join(', ')}`
        : `${targetName(t, names)} · range ${o.distance}`;
    return { option: o, label: `${label}${odds(o)}` };
  });
  return { entries, hold };
}
