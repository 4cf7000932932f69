// The end-of-match summary (issue 12): winner and reason (the end bar above says them), rounds, damage dealt by
// weapon, hits and misses, fighters lost, with links to the replay and the record download. The numbers come from
// the stored record re-run by the engine (every event of the match, whatever this page saw of it).
import type { Seat } from '@star-eater/engine';
import { h, replace } from '../ui/dom.js';
import { matchStats, type MatchStats } from './match-stats.js';
import { replayFromRecord } from './replay-data.js';

export function summaryTable(stats: MatchStats, names: [string, string], you: Seat | null): HTMLElement {
  const weapons = [...new Set([...Object.keys(stats.seats[0].damageBy), ...Object.keys(stats.seats[1].damageBy)])];
  const cell = (n: number) => h('td.num', null, String(n));
  const row = (label: string, f: (s: MatchStats['seats'][0]) => number, cls = '') =>
    h('tr', { class: cls }, h('th', { scope: 'row' }, label), cell(f(stats.seats[0])), cell(f(stats.seats[1])));
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
      weapons.map((w) => row(`· ${w}`, (s) => s.damageBy[w] ?? 0, 'weapon')),
      row('Hits', (s) => s.hits),
      row('Misses', (s) => s.misses),
      row('Fighters lost', (s) => s.fightersLost),
    ),
  );
}

/** A details block that fills itself from the stored record once it is there. */
export function matchSummary(recordId: string, names: [string, string], you: Seat | null): HTMLElement {
  const body = h('div.summary-body', null, h('span.spinner'), ' Counting…');
  const el = h(
    'details.summary-box',
    { id: 'summary-box', open: true },
    h('summary', null, h('b', null, 'Summary')),
    body,
  );
  void (async () => {
    try {
      // The server stores the record as the match ends: give it a moment before saying it is not there.
      let r = await fetch(`/api/records/${encodeURIComponent(recordId)}`);
      for (let i = 0; r.status === 404 && i < 10; i++) {
        await new Promise((ok) => setTimeout(ok, 500));
        r = await fetch(`/api/records/${encodeURIComponent(recordId)}`);
      }
      if (!r.ok) throw new Error(`the record is not there (${r.status})`);
      const data = await replayFromRecord(await r.json());
      replace(body, summaryTable(matchStats(data.rounds.flat()), names, you));
    } catch (e) {
      replace(body, h('span.dim', null, `No summary: ${(e as Error).message}`));
    }
  })();
  return el;
}
