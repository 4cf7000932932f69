// A player's name as a link to their profile (#/player/<id>), wherever names show: lobby lists, the match, the end
// screen, replays, the leaderboard. A name without an id (a guest seat with no session, the computer) stays text.
import type { Identity } from '../net/identity.js';
import { h, replace } from '../ui/dom.js';

export function profileHash(id: string): string {
  return `#/player/${encodeURIComponent(id)}`;
}

export function playerLink(name: string, id: string | null | undefined): HTMLElement {
  if (!id) return h('span.player-name', null, name);
  return h('a.player-name', { href: profileHash(id), dataset: { player: id } }, name);
}

/** The top bar's "you": your name, one click from your own profile; "guest" while no session is held. */
export function meLink(identity: Identity): HTMLElement {
  const slot = h('span.me', { id: 'me' });
  identity.listen((s) => {
    if (s.kind === 'player') {
      replace(
        slot,
        h(
          'a.topnav.me-link',
          { href: profileHash(s.player.id), id: 'my-profile', title: 'Your profile' },
          s.player.name,
        ),
      );
    } else if (s.kind === 'guest') {
      replace(slot, h('span.dim', { id: 'my-profile-none', title: `Unrated guest: ${s.why}` }, 'Guest'));
    } else replace(slot);
  });
  return slot;
}
