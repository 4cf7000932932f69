// The name this browser remembers (the lobby's name field, the invite form, the session's first name) and whether the
// player gave it or the page made it up. Someone who opens an invite link is asked their name before taking the seat,
// instead of getting a random "Pilot-NNNN"; it is remembered for next time (the lobby's name field shows it too).
import { h } from '../ui/dom.js';

const NAME_KEY = 'star-eater.name';
/** The name the page made up for a newcomer ("Pilot-NNNN"), kept to tell it from one the player gave. */
const MADE_KEY = 'star-eater.name-made';

/** The remembered name, or a "Pilot-NNNN" made up (and remembered) for a newcomer. */
export function savedName(): string {
  const n = rememberedName();
  if (n) return n;
  const made = `Pilot-${Math.floor(1000 + Math.random() * 9000)}`;
  rememberName(made);
  markMadeName(made);
  return made;
}

function markMadeName(name: string): void {
  try {
    localStorage.setItem(MADE_KEY, name);
  } catch {
    // No storage: every visit is a newcomer's.
  }
}

/** Whether the player gave this browser a name (not one the page made up for them). */
export function nameGiven(): boolean {
  const n = rememberedName();
  try {
    return !!n && n !== localStorage.getItem(MADE_KEY);
  } catch {
    return !!n;
  }
}

/** The name this browser remembers, or null when the player never gave one. */
export function rememberedName(): string | null {
  try {
    return localStorage.getItem(NAME_KEY);
  } catch {
    return null;
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // No storage (private mode): the name holds for this join only.
  }
}

/** A small form; resolves with the name once it is given. */
export function askName(host: HTMLElement): Promise<string> {
  return new Promise((resolve) => {
    const input = h('input', {
      type: 'text',
      id: 'invite-name',
      maxlength: 24,
      required: true,
      autocomplete: 'nickname',
      placeholder: 'Your name',
      'aria-describedby': 'invite-name-why',
    });
    const go = h('button.primary', { id: 'invite-join', type: 'submit' }, 'Join the match');
    const form = h(
      'form.center.card.col',
      { id: 'ask-name', style: { maxWidth: '440px' } },
      h('h2', { style: { margin: 0 } }, 'You are invited to a match'),
      h('label.col', { for: 'invite-name' }, h('span', null, 'What should your opponent call you?'), input),
      h('p.dim#invite-name-why', { style: { margin: 0, fontSize: '13px' } }, 'Remembered on this device.'),
      h('div.row', null, go),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) return input.focus();
      rememberName(name);
      resolve(name);
    });
    host.replaceChildren(h('div.screen', null, form));
    input.focus();
  });
}
