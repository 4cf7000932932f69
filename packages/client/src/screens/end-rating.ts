// The end screen's rating line: what this match did to your rating (a rated match: before → after, and the change),
// or that it was casual; read from your game list once the server has written the result with the record.
import { type GameRow, playerApi, ratingText } from '../net/player-api.js';
import { h, replace } from '../ui/dom.js';
import { CASUAL_BECAUSE, ratingDelta } from './game-list.js';
import { profileHash } from './player-link.js';

/** The result is written as the match ends: it may take a moment to show in the list. */
const LOOKS = 10;
const LOOK_EVERY_MS = 500;

async function findGame(playerId: string, recordId: string): Promise<GameRow | null> {
  for (let i = 0; i < LOOKS; i++) {
    const { games } = await playerApi.games(playerId, 'all');
    const g = games.find((x) => x.recordId === recordId);
    if (g) return g;
    await new Promise((ok) => setTimeout(ok, LOOK_EVERY_MS));
  }
  return null;
}

function line(g: GameRow, playerId: string): (HTMLElement | string)[] {
  if (!g.rated || g.ratingBefore === null || g.ratingAfter === null) {
    const why = (g.casualBecause && CASUAL_BECAUSE[g.casualBecause]) || 'a casual match: your rating is unchanged';
    return [h('span.dim', { id: 'end-rating-casual' }, `${why[0]!.toUpperCase()}${why.slice(1)}.`)];
  }
  const d = ratingDelta(g.ratingBefore, g.ratingAfter);
  // The provisional mark of the new rating comes from the profile (the game row has no deviation).
  return [
    h('span', null, 'Rating '),
    h('b#end-rating-after', null, String(Math.round(g.ratingAfter))),
    ' ',
    h(
      'span',
      { class: d.startsWith('+') ? 'good' : d.startsWith('−') ? 'bad' : 'dim', id: 'end-rating-delta' },
      `(${d})`,
    ),
    h('span.dim', null, ` from ${Math.round(g.ratingBefore)} · `),
    h('a', { href: profileHash(playerId), id: 'end-profile' }, 'Your profile'),
  ];
}

/** A line that fills itself once the result is there; null for a spectator or a page without a session. */
export function endRating(recordId: string, playerId: string | null): HTMLElement | null {
  if (!playerId) return null;
  const el = h('p.end-rating', { id: 'end-rating', role: 'status' }, h('span.spinner'), ' Rating…');
  void (async () => {
    try {
      const g = await findGame(playerId, recordId);
      if (!g) throw new Error('the result is not in your match list');
      replace(el, ...line(g, playerId));
      const p = await playerApi.profile(playerId);
      const after = el.querySelector('#end-rating-after');
      if (after && g.rated) after.textContent = ratingText(p.rating.value, p.rating.rd);
    } catch (e) {
      replace(el, h('span.dim', null, `No rating shown: ${(e as Error).message}`));
    }
  })();
  return el;
}
