// The application shell: a top bar, a hash router and the one server session.
//   #/            lobby
//   #/m/<id>      a match room (?invite=… for a private one); a reload resumes the held seat
//   #/watch/<id>  spectate a room
//   #/replay/<id> a stored match; #/replay/file an opened record file; ?whatif=… a what-if branch of it
//   #/demo        an offline demo round (no server needed)
//   #/player/<id> a player's profile; #/leaderboard the strongest players
import { Identity } from './net/identity.js';
import { Session } from './net/session.js';
import type { App } from './screens/app-context.js';
import { rememberName, savedName } from './screens/ask-name.js';
import { mountLobby } from './screens/lobby.js';
import { meLink } from './screens/player-link.js';
import { mountReplay } from './screens/replay.js';
import { mountRoom } from './screens/room.js';
import { h, replace } from './ui/dom.js';

export class StarEaterApp implements App {
  readonly session = new Session();
  /** This browser's player (a guest session made on first load, or a passkey's), its token handed to the session. */
  readonly identity = new Identity((token) => this.session.authorize(token));
  /** A record opened from a file, handed from the lobby to the replay viewer. */
  pendingRecord: unknown = null;
  readonly main = h('main', { style: { flex: '1', minHeight: '0', display: 'flex', flexDirection: 'column' } });
  readonly status = h('div.row.grow', { style: { justifyContent: 'flex-end' } });
  private unmount: (() => void) | null = null;

  constructor(private root: HTMLElement) {}

  start(): void {
    replace(
      this.root,
      h(
        'header.topbar',
        null,
        h(
          'a.logo',
          {
            href: '#/',
            style: { color: 'inherit', textDecoration: 'none' },
            'aria-label': 'Star Eater Online, back to the lobby',
          },
          'STAR ',
          h('span', null, 'EATER'),
        ),
        h('a.topnav', { href: '#/learn', id: 'how-to-play' }, 'How to play'),
        h('a.topnav.wide-only', { href: '#/leaderboard', id: 'top-leaderboard' }, 'Leaderboard'),
        this.status,
        meLink(this.identity),
      ),
      this.main,
    );
    // The name the server keeps is the one the lobby and the invite form show.
    this.identity.listen((s) => {
      if (s.kind === 'player') rememberName(s.player.name);
    });
    this.session.authorizeAfter(this.identity.start(savedName()));
    window.addEventListener('hashchange', () => this.route());
    this.route();
  }

  go(hash: string): void {
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  get name(): string {
    return savedName();
  }

  private route(): void {
    const leaving = this.unmount;
    this.unmount = null;
    // The next screen shows even if the last one failed to tidy up (the error still reaches the console).
    try {
      leaving?.();
    } finally {
      this.show();
    }
  }

  private show(): void {
    replace(this.status);
    const hash = location.hash.replace(/^#/, '') || '/';
    const [path, query] = hash.split('?');
    const params = new URLSearchParams(query ?? '');
    const parts = (path ?? '/').split('/').filter(Boolean);
    const screen = h('div', { style: { flex: '1', minHeight: '0', display: 'flex', flexDirection: 'column' } });
    replace(this.main, screen);
    if (parts[0] === 'm' && parts[1]) {
      this.unmount = mountRoom(screen, this, {
        roomId: parts[1],
        invite: params.get('invite') ?? undefined,
        spectate: false,
      });
    } else if (parts[0] === 'watch' && parts[1]) {
      this.unmount = mountRoom(screen, this, { roomId: parts[1], spectate: true });
    } else if (parts[0] === 'replay' && parts[1]) {
      this.unmount = mountReplay(screen, this, { id: parts[1], whatIf: params.get('whatif') ?? undefined });
    } else if (parts[0] === 'learn') {
      // The learn page and the tutorial load on demand: the lobby's first paint does not wait for them.
      this.unmount = lazyMount(() => import('./learn/learn-page.js').then((m) => m.mountLearn(screen)));
    } else if (parts[0] === 'tutorial') {
      this.unmount = lazyMount(() => import('./learn/tutorial.js').then((m) => m.mountTutorial(screen, this)));
    } else if (parts[0] === 'player' && parts[1]) {
      const id = decodeURIComponent(parts[1]);
      this.unmount = lazyMount(() => import('./screens/profile.js').then((m) => m.mountProfile(screen, this, id)));
    } else if (parts[0] === 'leaderboard') {
      this.unmount = lazyMount(() => import('./screens/leaderboard.js').then((m) => m.mountLeaderboard(screen)));
    } else if (parts[0] === 'demo') {
      this.unmount = mountReplay(screen, this, { id: 'demo' });
    } else {
      if (this.session.room) void this.session.leave();
      this.unmount = mountLobby(screen, this);
    }
  }
}

/** Mounts a screen whose module loads on demand; leaving before it loaded unmounts it as soon as it has. */
function lazyMount(load: () => Promise<() => void>): () => void {
  let unmount: (() => void) | null = null;
  let left = false;
  load()
    .then((u) => {
      if (left) u();
      else unmount = u;
    })
    .catch((e: unknown) => console.error(e));
  return () => {
    left = true;
    unmount?.();
  };
}
