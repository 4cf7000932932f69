// What a what-if round changed, beside the real round: for each warship its structure and armour after the round (as
// its ship card shows them), the damage it took, the hits its seat scored and where it faces; then who came out ahead.
import { bearing, DIRS, distance, type Hex, type MatchEvent, type MatchState, type Seat } from '@star-eater/engine';
import { armourText } from '../screens/hud.js';
import { h } from '../ui/dom.js';
import { summarizeRound, type RoundSummary } from './round-summary.js';

export interface RoundOutcome {
  /** The position before the round and after it. */
  before: MatchState;
  state: MatchState;
  events: readonly MatchEvent[];
}

/** Where a warship went in a round, as the board shows it: "2 hexes NE", from its core at the start (seat 0 below). */
export function movedText(from: Hex, to: Hex): string {
  const n = distance(from, to);
  if (n === 0) return 'stayed';
  const a = bearing(from, 'N', to);
  const dir = DIRS[((Math.round(a / 60) % 6) + 6) % 6]!;
  return `${n} ${n === 1 ? 'hex' : 'hexes'} ${dir}`;
}

/** Who came out of the round ahead: the seat that took less damage (the match's end first). */
export function roundVerdict(
  o: RoundOutcome,
  names: readonly [string, string],
  s: RoundSummary = summarizeRound(o.events),
): string {
  if (o.state.winner === 'draw') return 'the match ends in a draw';
  if (o.state.winner !== null) return `${names[o.state.winner]} wins the match`;
  if (s.taken[0] === s.taken[1]) return s.taken[0] === 0 ? 'no damage either way' : 'even damage';
  const ahead: Seat = s.taken[0] < s.taken[1] ? 0 : 1;
  return `${names[ahead]} ahead by ${Math.abs(s.taken[0] - s.taken[1])}`;
}

/** The comparison table: one row per fact, one column per warship, "what happened → what if" where they differ. */
export function diffTable(
  real: RoundOutcome | null,
  branch: RoundOutcome,
  names: readonly [string, string],
): HTMLElement {
  // each outcome's events summed once, for every row that reads them
  type Facts = { o: RoundOutcome; s: RoundSummary };
  const facts = (o: RoundOutcome): Facts => ({ o, s: summarizeRound(o.events) });
  const b = facts(branch);
  const r = real ? facts(real) : null;
  const rows: [string, (f: Facts, seat: Seat) => string][] = [
    ['Structure after', ({ o }, seat) => String(o.state.ships[seat].structure)],
    ['Armour after', ({ o }, seat) => armourText(o.state.ships[seat].armour)],
    ['Damage taken', ({ s }, seat) => String(s.taken[seat])],
    ['Hits', ({ s }, seat) => `${s.hits[seat]} of ${s.attacks[seat]}`],
    ['Moved', ({ o }, seat) => movedText(o.before.ships[seat].core, o.state.ships[seat].core)],
    ['Facing', ({ o }, seat) => o.state.ships[seat].facing],
  ];
  // a value never breaks inside (an armour's four sections stay on one line): a changed cell breaks at its arrow
  const fact = (text: string) => h('span.fact', null, text);
  const cell = (now: string, was: string | null) =>
    was === null || was === now
      ? h('td', null, fact(now))
      : h('td.changed', { title: `what happened: ${was}` }, fact(was), ' → ', fact(now));
  const body = rows.map(([label, f]) =>
    h(
      'tr',
      null,
      h('th', { scope: 'row' }, label),
      ([0, 1] as const).map((seat) => cell(f(b, seat), r ? f(r, seat) : null)),
    ),
  );
  const verdict = (f: Facts) => roundVerdict(f.o, names, f.s);
  body.push(
    h(
      'tr',
      null,
      h('th', { scope: 'row' }, 'The round'),
      h('td', { colspan: 2 }, r && verdict(r) !== verdict(b) ? `${verdict(r)} → ${verdict(b)}` : verdict(b)),
    ),
  );
  return h(
    'table.whatif-diff',
    { id: 'whatif-diff' },
    h(
      'caption.dim.small',
      null,
      real ? 'What happened → what if, where they differ' : 'Past the recorded match: the branch alone',
    ),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', null, ''),
        names.map((n) => h('th', { scope: 'col' }, n)),
      ),
    ),
    h('tbody', null, body),
  );
}
