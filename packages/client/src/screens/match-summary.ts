// The end-of-match summary: winner and reason (the end bar above says them), rounds, damage dealt by
// weapon, damage taken by cause (the board's edge deals damage no one "dealt": a match decided by it once showed 0
// damage on both sides), hits and misses, fighters lost, structure left, with links to the replay and the record
// download. The numbers come from the stored record re-run by the engine (every event of the match, whatever this
// page saw of it).
import { FACTIONS, type MatchState, type Seat } from '@star-eater/engine';
import { fetchRecord } from '../net/records.js';
import { h, replace } from '../ui/dom.js';
import { matchStats, type MatchStats, type SeatStats } from './match-stats.js';
import { replayFromRecord } from './replay-data.js';

/** The keys of a per-seat breakdown, of both seats, in first-seen order. */
const keysOf = (stats: MatchStats, f: (s: SeatStats) => Record<string, number>) => [
  ...new Set([...Object.keys(f(stats.seats[0])), ...Object.keys(f(stats.seats[1]))]),
];

/** The warship's structure at the end, of its starting structure (the record's final state). */
const structureLeft = (final: MatchState, seat: Seat) => {
  const w = final.ships[seat];
  return `${w.structure}/${Math.max(w.structure, FACTIONS[w.faction].structure)}`;
};

export function summaryTable(
  stats: MatchStats,
  names: [string, string],
  you: Seat | null,
  final?: MatchState,
): HTMLElement {
  const cell = (v: number | string) => h('td.num', null, String(v));
  const row = (label: string, f: (s: SeatStats, seat: Seat) => number | string, cls = '') =>
    h('tr', { class: cls }, h('th', { scope: 'row' }, label), cell(f(stats.seats[0], 0)), cell(f(stats.seats[1], 1)));
  const who = (s: Seat) => `${names[s]}${you === s ? ' (you)' : ''}`;
  return h(
    'table.summary',
    { id: 'match-summary' },
    h('caption', null, `Match summary · ${stats.rounds} round${stats.rounds === 1 ? '' : 's'} played`),
    h('thead', null, h('tr', null, h('td'), h('th', { scope: 'col' }, who(0)), h('th', { scope: 'col' }, who(1)))),
    h(
      'tbody',
      null,
      row('Damage dealt', (s) => s.damage, 'total'),
      keysOf(stats, (s) => s.damageBy).map((w) => row(`· ${w}`, (s) => s.damageBy[w] ?? 0, 'weapon')),
      row('Damage taken', (s) => s.taken, 'total'),
      keysOf(stats, (s) => s.takenBy).map((c) => row(`· ${c}`, (s) => s.takenBy[c] ?? 0, 'weapon')),
      row('Hits', (s) => s.hits),
      row('Misses', (s) => s.misses),
      row('Fighters lost', (s) => s.fightersLost),
      final ? row('Structure left', (_s, seat) => structureLeft(final, seat), 'total') : null,
    ),
  );
}

/** A details block that fills itself from the stored record once it is there. */
export function matchSummary(recordId: string, names: [string, string], you: Seat | null): HTMLElement {
  const body = h('div.summary-body', null, h('span.spinner'), ' Counting…');
  const el = h(
    'details.summary-box',
    // Closed on a phone (the end bar sits over a board that must stay in view: the final position), open elsewhere.
    { id: 'summary-box', open: !matchMedia('(max-width: 820px)').matches },
    h('summary', null, h('b', null, 'Summary')),
    body,
  );
  void (async () => {
    try {
      const data = await replayFromRecord(await (await fetchRecord(recordId)).json());
      replace(body, summaryTable(matchStats(data.rounds.flat()), names, you, data.states?.at(-1)));
    } catch (e) {
      replace(body, h('span.dim', null, `No summary: ${(e as Error).message}`));
    }
  })();
  return el;
}
