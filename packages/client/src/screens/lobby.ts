// The lobby: a remembered name; quick match with a waiting indicator and cancel; create a private match; watch live
// matches; recent replays and opening a record file.
import { h, replace, toast } from '../ui/dom.js';
import { FACTION_NAME } from '../board/theme.js';
import type { App } from './app-context.js';
import { PRESET_LABEL, presetPicker } from './preset-picker.js';
import { levelButtons } from './computer.js';

const NAME_KEY = 'star-eater.name';

export function savedName(): string {
  const n = localStorage.getItem(NAME_KEY);
  if (n) return n;
  const made = `Pilot-${Math.floor(1000 + Math.random() * 9000)}`;
  localStorage.setItem(NAME_KEY, made);
  return made;
}

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

export function mountLobby(root: HTMLElement, app: App): () => void {
  const nameInput = h('input', {
    type: 'text',
    value: savedName(),
    maxlength: 24,
    'aria-label': 'Your name',
    id: 'name',
  });
  nameInput.addEventListener('change', () => localStorage.setItem(NAME_KEY, nameInput.value.trim() || savedName()));
  const name = () => nameInput.value.trim() || savedName();

  const quickStatus = h('div.row.dim', { 'aria-live': 'polite' });
  const quickBtn = h('button.primary', { id: 'quick-match' }, 'Quick match');
  const cancelBtn = h('button', { id: 'cancel-quick', hidden: true }, 'Cancel');
  quickBtn.addEventListener('click', async () => {
    localStorage.setItem(NAME_KEY, name());
    quickBtn.disabled = true;
    cancelBtn.hidden = false;
    replace(quickStatus, h('span.spinner'), ' Looking for an opponent…');
    try {
      await app.session.quickMatch(name());
      app.go(`#/m/${app.session.room!.roomId}`);
    } catch (e) {
      toast(`Could not join: ${(e as Error).message}`, 'error');
      quickBtn.disabled = false;
      cancelBtn.hidden = true;
      replace(quickStatus);
    }
  });
  cancelBtn.addEventListener('click', async () => {
    await app.session.leave();
    quickBtn.disabled = false;
    cancelBtn.hidden = true;
    replace(quickStatus);
  });

  const createBtn = h('button', { id: 'create-private' }, 'Create private match');
  const presets = presetPicker();
  createBtn.addEventListener('click', async () => {
    localStorage.setItem(NAME_KEY, name());
    createBtn.disabled = true;
    try {
      await app.session.createPrivate(name(), { preset: presets.value() });
      app.go(`#/m/${app.session.room!.roomId}`);
    } catch (e) {
      toast(`Could not create: ${(e as Error).message}`, 'error');
      createBtn.disabled = false;
    }
  });

  // Play the computer: a private practice match at once, the computer in the second seat, on the chosen timers.
  const computer = levelButtons((level, button) => {
    localStorage.setItem(NAME_KEY, name());
    for (const b of computer.querySelectorAll('button')) b.disabled = true;
    button.classList.add('chosen');
    app.session.playComputer(name(), level, { preset: presets.value() }).then(
      () => app.go(`#/m/${app.session.room!.roomId}`),
      (e: Error) => {
        toast(`Could not start a match against the computer: ${e.message}`, 'error');
        for (const b of computer.querySelectorAll('button')) b.disabled = false;
        button.classList.remove('chosen');
      },
    );
  });

  const live = h('ul.list', { id: 'live-list', 'aria-label': 'Live matches' });
  const replays = h('ul.list', { id: 'replay-list', 'aria-label': 'Recent replays' });
  const file = h('input', {
    type: 'file',
    accept: '.json,application/json',
    'aria-label': 'Open a record file',
    hidden: true,
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      app.pendingRecord = JSON.parse(await f.text());
      app.go('#/replay/file');
    } catch {
      toast('That file is not a match record (JSON).', 'error');
    }
  });

  async function refresh(): Promise<void> {
    const [m, r] = await Promise.all([
      getJson<{ matches: LiveMatch[] }>('/api/matches').then((x) => x?.matches ?? null),
      getJson<{ records: ReplaySummary[] }>('/api/records').then((x) => x?.records ?? null),
    ]);
    replace(
      live,
      m?.length
        ? m.map((x) =>
            h(
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
            ),
          )
        : h('li.dim', null, m ? 'No matches right now.' : 'Server not reachable.'),
    );
    replace(
      replays,
      r?.length
        ? r.map((x) =>
            h(
              'li',
              null,
              h(
                'span',
                null,
                `${x.players[0]} (${FACTION_NAME[x.factions[0] as 'fpa'] ?? x.factions[0]}) vs ${x.players[1]} (${FACTION_NAME[x.factions[1] as 'fpa'] ?? x.factions[1]})`,
                h(
                  'span.dim',
                  null,
                  ` · ${x.winner === 'draw' ? 'draw' : x.winner === null ? '' : `${x.players[x.winner]} won`}, ${x.rounds} rounds`,
                ),
              ),
              h('a', { href: `#/replay/${x.id}` }, 'View'),
            ),
          )
        : h('li.dim', null, 'No finished matches yet.'),
    );
  }
  void refresh();
  const timer = setInterval(refresh, 5000);

  replace(
    root,
    h(
      'div.screen',
      null,
      h(
        'div.center',
        null,
        h(
          'div.hero',
          null,
          h('h1', null, 'STAR EATER'),
          h('p', null, 'Two warships. Sealed orders. Momentum is forever.'),
        ),
        h(
          'div.lobby-grid',
          null,
          h(
            'section.card.col',
            { 'aria-labelledby': 'play-h' },
            h('h3#play-h', null, 'Play'),
            h(
              'p.new-here',
              { id: 'new-here' },
              'New to Star Eater? ',
              h('a', { href: '#/tutorial', id: 'lobby-tutorial' }, 'Play the tutorial'),
              ' (about 10 minutes) or read ',
              h('a', { href: '#/learn', id: 'lobby-learn' }, 'how to play'),
              '.',
            ),
            h('label.col', null, h('span.dim', null, 'Your name'), nameInput),
            h('div.row', null, quickBtn, cancelBtn),
            quickStatus,
            presets.el,
            h('div.row', null, createBtn),
            h(
              'p.dim',
              { style: { fontSize: '13px', margin: 0 } },
              'A private match gives you an invite link to send to a friend.',
            ),
          ),
          h(
            'section.card.col',
            { 'aria-labelledby': 'computer-h', id: 'play-computer' },
            h('h3#computer-h', null, 'Play the computer'),
            computer,
          ),
          h('section.card.col', { 'aria-labelledby': 'watch-h' }, h('h3#watch-h', null, 'Watch live'), live),
          h(
            'section.card.col',
            { 'aria-labelledby': 'rep-h' },
            h('h3#rep-h', null, 'Replays'),
            replays,
            h(
              'div.row',
              null,
              h('button.small', { onclick: () => file.click(), id: 'open-record' }, 'Open a record file…'),
              h('a', { href: '#/demo', class: 'small' }, 'Demo round'),
              file,
            ),
          ),
        ),
      ),
    ),
  );
  return () => clearInterval(timer);
}
