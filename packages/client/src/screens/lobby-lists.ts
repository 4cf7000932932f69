// The lobby's two lists, refreshed from the server every few seconds: live matches to watch, and recent replays.
import { FACTION_NAME } from '../board/theme.js';
import { h, replace } from '../ui/dom.js';
import { playerLink } from './player-link.js';
import { PRESET_LABEL } from './preset-picker.js';

interface LiveMatch {
  roomId: string;
  players: string[];
  /** Beside `players`: their profiles' ids ('' for a guest). */
  playerIds?: string[];
  phase?: string;
  round?: number;
  spectators?: number;
  preset?: string;
}
interface ReplaySummary {
  id: string;
  endedAt: string;
  players: [string, string];
  playerIds?: [string | null, string | null];
  factions: [string, string];
  winner: 0 | 1 | 'draw' | null;
  reason: string | null;
  rounds: number;
}

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const r = await fetch(path, { headers: { accept: 'application/json' } });
    return r.ok ? ((await r.json()) as T) : null;
  } catch {
    return null;
  }
}

/** "A vs B" from the names shown (a seat not taken yet is left out); null when there are none. */
function versus(names: (HTMLElement | null)[]): (HTMLElement | string)[] | null {
  const shown = names.filter((n): n is HTMLElement => n !== null);
  return shown.length ? shown.flatMap((n, i) => (i ? [' vs ', n] : [n])) : null;
}

function liveItem(x: LiveMatch): HTMLElement {
  return h(
    'li',
    null,
    h(
      'span',
      null,
      versus(x.players.map((name, i) => (name ? playerLink(name, x.playerIds?.[i]) : null))) || 'Waiting…',
      x.round ? h('span.dim', null, ` · round ${x.round}`) : null,
      x.spectators ? h('span.dim', null, ` · ${x.spectators} watching`) : null,
      x.preset ? [' ', h('span.preset-tag', null, PRESET_LABEL[x.preset] ?? x.preset)] : null,
    ),
    h('a', { href: `#/watch/${x.roomId}`, class: 'watch' }, 'Watch'),
  );
}

function replayItem(x: ReplaySummary): HTMLElement {
  const side = (i: 0 | 1) => [
    playerLink(x.players[i], x.playerIds?.[i]),
    ` (${FACTION_NAME[x.factions[i] as 'fpa'] ?? x.factions[i]})`,
  ];
  const result = x.winner === 'draw' ? 'draw' : x.winner === null ? '' : `${x.players[x.winner]} won`;
  return h(
    'li',
    null,
    h(
      'span',
      null,
      side(0),
      ' vs ',
      side(1),
      h('span.dim', null, ` · ${result}, ${x.rounds} round${x.rounds === 1 ? '' : 's'}`),
    ),
    h('a', { href: `#/replay/${x.id}` }, 'View'),
  );
}

/** The live and replay lists, kept fresh until `stop`. */
export function lobbyLists(): { live: HTMLElement; replays: HTMLElement; stop: () => void } {
  const live = h('ul.list', { id: 'live-list', 'aria-label': 'Live matches' });
  const replays = h('ul.list', { id: 'replay-list', 'aria-label': 'Recent replays' });
  async function refresh(): Promise<void> {
    const [m, r] = await Promise.all([
      getJson<{ matches: LiveMatch[] }>('/api/matches').then((x) => x?.matches ?? null),
      getJson<{ records: ReplaySummary[] }>('/api/records').then((x) => x?.records ?? null),
    ]);
    replace(
      live,
      m?.length ? m.map(liveItem) : h('li.dim', null, m ? 'No matches right now.' : 'Server not reachable.'),
    );
    replace(replays, r?.length ? r.map(replayItem) : h('li.dim', null, 'No finished matches yet.'));
  }
  void refresh();
  const timer = setInterval(refresh, 5000);
  return { live, replays, stop: () => clearInterval(timer) };
}
