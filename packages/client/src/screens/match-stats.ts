// The numbers of a finished match for its summary: rounds, damage dealt by weapon, hits and misses, fighters
// lost, per seat. Counted from the match's events (the record's replay: the same stream the clients were shown), never
// by re-running a rule.
import { findCard } from '@star-eater/engine';
import type { MatchEvent, Seat, Source } from '@star-eater/engine';

export interface SeatStats {
  /** Damage this seat dealt to the other warship, by weapon name (collisions too). */
  damageBy: Record<string, number>;
  damage: number;
  /**
   * Damage this seat's warship took, by cause: the opponent, the board's edge, its own fire (a projectile it flew
   * into), critical hits. A match is often decided by the edge (RULES §4.2), which no one "dealt".
   */
  takenBy: Record<string, number>;
  taken: number;
  hits: number;
  misses: number;
  /** This seat's squadrons destroyed. */
  fightersLost: number;
}

export interface MatchStats {
  rounds: number;
  seats: [SeatStats, SeatStats];
}

const empty = (): SeatStats => ({
  damageBy: {},
  damage: 0,
  takenBy: {},
  taken: 0,
  hits: 0,
  misses: 0,
  fightersLost: 0,
});

/** A weapon's name for a player: the card's name, else what the source says it was. */
export function weaponName(src: Source): string {
  if (src.weapon) {
    const card = findCard(src.weapon);
    return card.ok ? card.value.name : src.weapon;
  }
  if (src.by === 'collision') return 'Ramming';
  // The one token with no weapon card: a torpedo bomber's squadron torpedo.
  if (src.by.startsWith('token:')) return 'Squadron torpedoes';
  if (src.by === 'critical') return 'Critical hits';
  return src.by;
}

/** What damaged `seat`'s warship, for a player: the opponent, the board's edge, its own fire, or the source's name. */
export function damageCause(src: Source, seat: Seat): string {
  if (src.seat === null) return src.by === 'edge' ? "Board's edge" : weaponName(src);
  return src.seat === seat ? 'Own fire' : 'Opponent';
}

/** The counts as the events go by; `struck`: weapon tokens that have damaged the other warship (a hit, once). */
interface Tally {
  st: MatchStats;
  struck: Set<string>;
}

function countDamage({ st, struck }: Tally, e: Extract<MatchEvent, { type: 'damage' }>): void {
  const hit = st.seats[e.seat];
  const cause = damageCause(e.source, e.seat);
  hit.takenBy[cause] = (hit.takenBy[cause] ?? 0) + e.amount;
  hit.taken += e.amount;
  const by = e.source.seat;
  if (by === null || by === e.seat) return;
  const s = st.seats[by];
  const name = weaponName(e.source);
  s.damageBy[name] = (s.damageBy[name] ?? 0) + e.amount;
  s.damage += e.amount;
  // A projectile or torpedo hits when it flies into the warship, and when the warship moves onto it (RULES §4.2).
  if (e.source.by.startsWith('token:')) {
    struck.add(e.source.by.slice('token:'.length));
    s.hits += 1;
  }
}

/** A weapon token back in supply: a miss unless it damaged the other warship (off the board, shot down, own ship). */
function countReturn({ st, struck }: Tally, e: Extract<MatchEvent, { type: 'token-returned' }>): void {
  if (e.token.kind === 'squadron') return;
  if (!struck.delete(e.token.id)) st.seats[e.token.owner].misses += 1;
}

function countShot(st: MatchStats, e: Extract<MatchEvent, { type: 'attack' | 'beam' }>): void {
  const by = e.source.seat;
  if (by === null) return;
  const hit = e.type === 'attack' ? e.detail.hit : !!e.stoppedAt && e.stoppedAt.seat !== by;
  if (hit) st.seats[by].hits += 1;
  else st.seats[by].misses += 1;
}

export function matchStats(events: readonly MatchEvent[]): MatchStats {
  const t: Tally = { st: { rounds: 0, seats: [empty(), empty()] }, struck: new Set() };
  for (const e of events) {
    switch (e.type) {
      case 'round-started':
        t.st.rounds += 1;
        break;
      case 'damage':
        countDamage(t, e);
        break;
      case 'attack':
      case 'beam':
        countShot(t.st, e);
        break;
      case 'token-returned':
        countReturn(t, e);
        break;
      case 'token-destroyed':
        if (e.token.kind === 'squadron') t.st.seats[e.token.owner].fightersLost += 1;
        break;
    }
  }
  return t.st;
}
