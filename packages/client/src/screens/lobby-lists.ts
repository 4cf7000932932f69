// The lobby's two lists, refreshed from the server every few seconds: live matches to watch, and recent replays.
import { FACTION_NAME } from '../board/theme.js';
import { h, replace } from '../ui/dom.js';
import { PRESET_LABEL } from './preset-picker.js';

interface LiveMatch {
  roomId: string;
  players: string[];
  phase?: string;
  round?: number;
  spectators?: number;
  preset?: string;
}
interface ReplaySummary {
  id: string;
  endedAt: string;
  players: [string, string];
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

function liveItem(x: LiveMatch): HTMLElement {
  return h(
    'li',
    null,
    h(
      'span',
      null,
      x.players.filter(Boolean).join(' vs ') || 'Waiting…',
      x.round ? h('span.dim', null, ` · round ${x.round}`) : null,
      x.spectators ? h('span.dim', null, ` · ${x.spectators} watching`) : null,
      x.preset ? [' ', h('span.preset-tag', null, PRESET_LABEL[x.preset] ?? x.preset)] : null,
    ),
    h('a', { href: `#/watch/${x.roomId}`, class: 'watch' }, 'Watch'),
  );
}

function replayItem(x: ReplaySummary): HTMLElement {
  const side = (i: 0 | 1) => `${x.players[i]} (${FACTION_NAME[x.factions[i] as 'fpa'] ?? x.factions[i]})`;
  const result = x.winner === 'draw' ? 'draw' : x.winner === null ? '' : `${x.players[x.winner]} won`;
  return h(
    'li',
    null,
    h(
      'span',
      null,
      `${side(0)} vs ${side(1)}`,
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
