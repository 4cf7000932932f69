// A player's profile (#/player/<id>): name, Glicko-2 rating with its provisional mark, the rating chart, wins and
// losses, and their matches. On your own: rename yourself, and keep this player on another device with a passkey.
import { NEW_PLAYER } from '@star-eater/protocol';
import { type Profile, playerApi, ratingText, type RatingPoint } from '../net/player-api.js';
import { failureCard, h, replace, toast } from '../ui/dom.js';
import type { App } from './app-context.js';
import { gameList } from './game-list.js';
import { passkeyCard } from './passkey-panel.js';
import { ratingChart } from './rating-chart.js';

/** Where the chart starts: every player's first rating, before any rated match. */
const START: Omit<RatingPoint, 'endedAt'> = { rating: NEW_PLAYER.rating, rd: NEW_PLAYER.rd };

function ratingBlock(p: Profile): HTMLElement {
  const r = p.rating;
  return h(
    'div.rating-big',
    { id: 'profile-rating', title: `rating ${r.value.toFixed(1)}, deviation ${r.rd.toFixed(1)}` },
    h('span.value', null, ratingText(r.value, r.rd)),
    h(
      'span.dim',
      null,
      r.provisional ? 'provisional: a few more rated matches settle it' : `± ${Math.round(r.rd * 2)}`,
    ),
  );
}

function record(p: Profile): HTMLElement {
  const g = p.games;
  const stat = (id: string, n: number, label: string, cls = '') =>
    h('div.stat', { id }, h('b', { class: cls }, String(n)), h('span.dim', null, label));
  return h(
    'div.stats',
    null,
    stat('profile-wins', g.wins, 'wins', 'good'),
    stat('profile-losses', g.losses, 'losses', 'bad'),
    stat('profile-draws', g.draws, 'draws'),
    stat('profile-rated', g.rated, 'rated'),
    stat('profile-total', g.total, 'played'),
  );
}

/** Your own name, changed through the server (its name rules apply; it answers with the name it kept). */
function renameForm(app: App, p: Profile, shown: HTMLElement): HTMLElement {
  const input = h('input', {
    type: 'text',
    id: 'rename',
    value: p.name,
    maxlength: 24,
    'aria-label': 'New name',
    placeholder: 'New name',
  });
  const go = h('button.small', { type: 'submit', id: 'rename-go' }, 'Rename');
  const form = h('form.row', { id: 'rename-form' }, input, go);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    go.disabled = true;
    try {
      const kept = await app.identity.rename(input.value);
      input.value = kept;
      shown.textContent = kept;
      toast(`You are now ${kept}.`);
    } catch (err) {
      toast(`Could not rename: ${(err as Error).message}`, 'error');
      input.value = shown.textContent ?? '';
    } finally {
      go.disabled = false;
    }
  });
  return form;
}

function head(app: App, p: Profile, own: boolean): HTMLElement {
  const name = h('h1#profile-name', null, p.name);
  return h(
    'section.card.col.profile-head',
    null,
    h('div.row', null, name, own ? h('span.tag.dim', null, 'you') : null),
    ratingBlock(p),
    record(p),
    h('div.dim', { style: { fontSize: '13px' } }, `Playing since ${new Date(p.createdAt).toLocaleDateString()}`),
    own ? renameForm(app, p, name) : null,
  );
}

export function mountProfile(root: HTMLElement, app: App, id: string): () => void {
  let alive = true;
  const body = h('div.center.col.profile', null, h('div.card', null, h('span.spinner'), ' Loading the profile…'));
  replace(root, h('div.screen', { id: 'profile' }, body));
  // Your own profile is known as yours once this browser's session is (a reload may open it first).
  Promise.all([playerApi.profile(id), playerApi.history(id), app.identity.start(app.name)])
    .then(([p, history]) => {
      if (!alive) return;
      const own = app.identity.player?.id === p.id;
      replace(
        body,
        head(app, p, own),
        h(
          'section.card.col',
          { 'aria-labelledby': 'chart-h' },
          h('h3#chart-h', null, 'Rating'),
          ratingChart(history.points, { ...START, endedAt: p.createdAt }),
        ),
        gameList(p.id),
        own ? passkeyCard(app) : null,
        h('p', null, h('a', { href: '#/leaderboard' }, 'Leaderboard'), ' · ', h('a', { href: '#/' }, 'Lobby')),
      );
    })
    .catch((e: Error) => {
      if (alive) replace(body, failureCard('Cannot open this profile', e.message, 'div.card'));
    });
  return () => {
    alive = false;
  };
}
