// The leaderboard (#/leaderboard): the strongest established players, highest rating first, as the server ranks
// them (not provisional, enough rated matches, active lately; never the computer).
import { type LeaderRow, playerApi, ratingText } from '../net/player-api.js';
import { h, replace } from '../ui/dom.js';
import { playerLink } from './player-link.js';

function row(p: LeaderRow, i: number): HTMLElement {
  return h(
    'tr',
    { dataset: { player: p.id } },
    h('td.rank', null, String(i + 1)),
    h('td', null, playerLink(p.name, p.id)),
    h('td.num', { title: `deviation ${Math.round(p.rd)}` }, ratingText(p.rating, p.rd)),
    h('td.num.dim', null, String(p.games)),
  );
}

export function mountLeaderboard(root: HTMLElement): () => void {
  let alive = true;
  const body = h('div', null, h('span.spinner'), ' Loading…');
  replace(
    root,
    h(
      'div.screen',
      { id: 'leaderboard' },
      h(
        'div.center.col',
        { style: { maxWidth: '640px' } },
        h(
          'section.card.col',
          { 'aria-labelledby': 'leaders-h' },
          h('h2#leaders-h', null, 'Leaderboard'),
          h(
            'p.dim',
            { style: { margin: 0, fontSize: '13px' } },
            'Glicko-2 ratings of players with settled ratings, at least 5 rated matches and one in the last 30 days.',
          ),
          body,
        ),
        h('p', null, h('a', { href: '#/' }, 'Back to the lobby')),
      ),
    ),
  );
  playerApi
    .leaderboard()
    .then(({ players }) => {
      if (!alive) return;
      if (!players.length) {
        replace(body, h('p.dim', { id: 'leaders-empty' }, 'Nobody qualifies yet: play rated quick matches to appear.'));
        return;
      }
      const head = h(
        'tr',
        null,
        h('th', null, '#'),
        h('th', null, 'Player'),
        h('th.num', null, 'Rating'),
        h('th.num', null, 'Games'),
      );
      replace(body, h('table.leaders', { id: 'leaders' }, h('thead', null, head), h('tbody', null, players.map(row))));
    })
    .catch((e: Error) => {
      if (alive) replace(body, h('p.bad', null, `The leaderboard could not be loaded: ${e.message}`));
    });
  return () => {
    alive = false;
  };
}
