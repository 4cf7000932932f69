// One line per round of a replay (the round list and the what-if comparison): the damage each warship took, the
// attacks each seat made and how many hit, the squadrons launched. Read from the engine's events only.
import type { MatchEvent, Seat } from '@star-eater/engine';

export interface RoundSummary {
  /** Armour and structure each warship lost this round. */
  taken: [number, number];
  /** Attack rolls each seat made, and how many hit. */
  attacks: [number, number];
  hits: [number, number];
  launches: [number, number];
  /** The match ended in this round. */
  ended: boolean;
}

export function summarizeRound(events: readonly MatchEvent[]): RoundSummary {
  const s: RoundSummary = { taken: [0, 0], attacks: [0, 0], hits: [0, 0], launches: [0, 0], ended: false };
  for (const e of events) {
    if (e.type === 'damage') s.taken[e.seat] += e.armourBefore - e.armourAfter + (e.structureBefore - e.structureAfter);
    else if (e.type === 'attack' && e.source.seat !== null) {
      s.attacks[e.source.seat]++;
      if (e.detail.hit) s.hits[e.source.seat]++;
    } else if (e.type === 'squadron-launched') s.launches[e.seat]++;
    else if (e.type === 'match-ended') s.ended = true;
  }
  return s;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Ana: 2 of 3 hits, 1 launch, took 4" for one seat. */
export function seatLine(s: RoundSummary, seat: Seat, name: string): string {
  const parts: string[] = [];
  if (s.attacks[seat] > 0) parts.push(`${s.hits[seat]} of ${plural(s.attacks[seat], 'hit')}`);
  if (s.launches[seat] > 0) parts.push(plural(s.launches[seat], 'launch', 'launches'));
  parts.push(s.taken[seat] > 0 ? `took ${s.taken[seat]}` : 'no damage');
  return `${name}: ${parts.join(', ')}`;
}

/** The round list's line: both seats, and the end if it came. */
export function summaryLine(s: RoundSummary, names: readonly [string, string]): string {
  return `${seatLine(s, 0, names[0])} · ${seatLine(s, 1, names[1])}${s.ended ? ' · the match ends' : ''}`;
}
