// The waiting screen of a room before the second player arrives: the invite link to copy (a private room), or the
// quick-match line (and, after the wait, the offer to play the computer instead), and how long we have waited.
import type { PracticeLevel, ServerMessages } from '@star-eater/protocol';
import { inviteLink } from '../net/session.js';
import { h } from '../ui/dom.js';
import { offerView } from './computer.js';

export interface WaitingOptions {
  roomId: string;
  /** The private room's invite code; undefined until the welcome brings it. */
  invite: string | undefined;
  private: boolean;
  onCancel: () => void;
  /** Quick match: the server's offer to play the computer instead, while it stands. */
  offer?: ServerMessages['computer-offer'] | null;
  /** The offer was declined: still waiting for a person. */
  declined?: boolean;
  onOffer?: { accept: (level: PracticeLevel) => void; decline: () => void };
}

function copyButton(link: string, input: HTMLInputElement): HTMLElement {
  const copy = h('button.primary', { id: 'copy-invite' }, 'Copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = 'Copied ✓';
    } catch {
      input.select();
      copy.textContent = 'Press Ctrl+C';
    }
  });
  return copy;
}

/** A private room's link is useless without its invite code: until it comes, no link that would be refused. */
function inviteRow(o: WaitingOptions): HTMLElement | null {
  if (!o.private) return null;
  if (!o.invite) return h('p.dim#invite-pending', null, h('span.spinner'), ' Preparing the invite link…');
  const link = inviteLink(o.roomId, o.invite);
  const input = h('input', {
    type: 'text',
    readonly: true,
    value: link,
    id: 'invite-link',
    'aria-label': 'Invite link',
  });
  return h('div.invite', null, input, copyButton(link, input));
}

export function waitingView(o: WaitingOptions): HTMLElement {
  return h(
    'div.screen',
    null,
    h(
      'div.center.card.col',
      { style: { maxWidth: '620px' } },
      h(
        'div.row',
        null,
        h('h2', { style: { margin: 0 } }, h('span.spinner'), ' Waiting for an opponent…'),
        h('span.grow'),
        h('span#wait-elapsed.dim.mono', { 'aria-hidden': 'true' }),
      ),
      o.private
        ? h('p.dim', { style: { margin: 0 } }, 'Send this link to a friend; opening it takes the second seat.')
        : h('p.dim', { style: { margin: 0 } }, 'Quick match: you will be paired with the next player.'),
      inviteRow(o),
      o.declined
        ? h('p#still-waiting.dim', { style: { margin: 0 } }, 'Still looking for a player. The computer can wait.')
        : null,
      h('div.row', null, h('button', { id: 'leave', onclick: o.onCancel }, 'Cancel')),
      o.offer && o.onOffer && !o.private ? offerView(o.offer, o.onOffer) : null,
    ),
  );
}

/** Updates the waiting screen's elapsed time (m:ss since `since`), if it is shown. */
export function tickWaiting(since: number, now = Date.now()): void {
  const w = document.getElementById('wait-elapsed');
  if (!w) return;
  const t = Math.floor((now - since) / 1000);
  w.textContent = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}
