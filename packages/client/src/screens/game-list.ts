// A player's matches on their profile: newest first, a page at a time ("More"), filtered to all, rated or casual;
// each with its result, the opponent (a link to their profile), the rating change of a rated one, and its replay.
import { LEVEL_TEXT } from './computer.js';
import { type GameFilter, type GameRow, playerApi } from '../net/player-api.js';
import { h, replace } from '../ui/dom.js';
import { playerLink } from './player-link.js';
import type { PracticeLevel } from '@star-eater/protocol';

const RESULT: Record<GameRow['result'], { text: string; cls: string }> = {
  win: { text: 'Win', cls: 'good' },
  loss: { text: 'Loss', cls: 'bad' },
  draw: { text: 'Draw', cls: 'warn' },
  aborted: { text: 'Aborted', cls: 'dim' },
};

/** Why a match was casual, when it could have counted. */
export const CASUAL_BECAUSE: Record<string, string> = {
  'unrated-room': 'a casual room: only quick matches (and private ones made rated) count',
  computer: 'a match against the computer never moves a rating',
  guest: 'one seat was a guest without a session',
  'same-player': 'the same player held both seats',
  'pair-limit': 'you two had played your rated matches for the day: this one was casual',
};

function opponent(g: GameRow): HTMLElement {
  if (g.opponent.bot) {
    const level = LEVEL_TEXT[g.opponent.level as PracticeLevel]?.name;
    return h('span.player-name', null, level ? `Computer (${level})` : g.opponent.name);
  }
  return playerLink(g.opponent.name, g.opponent.id);
}

/** "+23" / "−8" / "±0" between two ratings. */
export function ratingDelta(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** The change between two ratings, "(+23)", coloured by its sign (`id`: to find it on the page). */
export function ratingChange(before: number, after: number, id?: string): HTMLElement {
  const d = ratingDelta(before, after);
  return h('span', { class: d.startsWith('+') ? 'good' : d.startsWith('−') ? 'bad' : 'dim', id }, `(${d})`);
}

function ratingCell(g: GameRow): HTMLElement {
  if (!g.rated || g.ratingBefore === null || g.ratingAfter === null) {
    const why = g.casualBecause ? CASUAL_BECAUSE[g.casualBecause] : undefined;
    return h('span.dim', { title: why ?? '' }, g.result === 'aborted' ? 'unrated' : 'casual');
  }
  return h(
    'span.rating-change',
    { title: `${Math.round(g.ratingBefore)} → ${Math.round(g.ratingAfter)}` },
    `${Math.round(g.ratingAfter)} `,
    ratingChange(g.ratingBefore, g.ratingAfter),
  );
}

function gameItem(g: GameRow): HTMLElement {
  const r = RESULT[g.result];
  const when = new Date(g.endedAt);
  return h(
    'li.game',
    { dataset: { record: g.recordId ?? '', result: g.result, rated: String(g.rated) } },
    h('span', { class: `tag ${r.cls}` }, r.text),
    h('span.game-vs', null, 'vs ', opponent(g)),
    ratingCell(g),
    h('span.dim.game-when', { title: when.toLocaleString() }, `${g.rounds} rd · ${when.toLocaleDateString()}`),
    g.recordId ? h('a.replay-link', { href: `#/replay/${encodeURIComponent(g.recordId)}` }, 'Replay') : h('span'),
  );
}

/** The filter buttons, the list and "More"; loads the first page at once. */
export function gameList(playerId: string): HTMLElement {
  const list = h('ul.list.games', { id: 'game-list', 'aria-label': 'Matches' });
  const more = h('button.small', { id: 'games-more', hidden: true }, 'More');
  const status = h('p.dim.games-status', { 'aria-live': 'polite' });
  let filter: GameFilter = 'all';
  let next: string | null = null;
  let shown = 0;
  async function load(reset: boolean): Promise<void> {
    const asked = filter;
    more.disabled = true;
    try {
      const page = await playerApi.games(playerId, asked, reset ? null : next);
      if (asked !== filter) return; // another filter was chosen meanwhile
      if (reset) replace(list);
      list.append(...page.games.map(gameItem));
      shown = reset ? page.games.length : shown + page.games.length;
      next = page.next;
      more.hidden = !next;
      replace(status, shown ? null : 'No matches here yet.');
    } catch (e) {
      replace(status, h('span.bad', null, `The matches could not be loaded: ${(e as Error).message}`));
    } finally {
      more.disabled = false;
    }
  }
  const filters = (['all', 'rated', 'casual'] as const).map((f) =>
    h('button.small', { 'aria-pressed': String(f === filter), id: `games-${f}`, type: 'button' }, f),
  );
  for (const b of filters) {
    b.addEventListener('click', () => {
      filter = b.id.slice('games-'.length) as GameFilter;
      for (const o of filters) o.setAttribute('aria-pressed', String(o === b));
      void load(true);
    });
  }
  more.addEventListener('click', () => void load(false));
  void load(true);
  return h(
    'section.card.col',
    { 'aria-labelledby': 'games-h' },
    h('div.row', null, h('h3#games-h', { style: { margin: 0 } }, 'Matches'), h('span.grow'), ...filters),
    list,
    status,
    more,
  );
}
