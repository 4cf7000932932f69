// Quick emotes: the fixed set as buttons for a seated player, incoming emotes as a bubble over the board
// and a log line (for everyone, spectators too), and a remembered mute for the opponent's emotes. The server limits
// how often a seat may send one; its refusal comes back as an `error` toast.
import { EMOTE_TEXT, EMOTES, type Emote, type ServerMessages } from '@star-eater/protocol';
import { playSfx } from '../audio/sfx.js';
import { h, replace } from '../ui/dom.js';
import { onPrefs, prefs, setPref } from '../ui/prefs.js';

export class EmoteBar {
  /** The controls (emote buttons for a player, the mute toggle for everyone). */
  readonly el: HTMLElement;
  /** The bubble showing the last emote received; put it over the board. */
  readonly bubble = h('div.emote-bubble', { id: 'emote-bubble', role: 'status', 'aria-live': 'polite', hidden: true });
  private mute: HTMLButtonElement;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;
  private unlisten: () => void;

  constructor(
    private readonly o: {
      /** This page's seat, or null for a spectator (who sees emotes and sends none). */
      you: 0 | 1 | null;
      names: () => [string, string];
      send: (emote: Emote) => void;
      log: (line: string) => void;
    },
  ) {
    this.mute = h('button.small.toggle', { id: 'mute-emotes', type: 'button' });
    this.mute.addEventListener('click', () => setPref('emotesMuted', !prefs().emotesMuted));
    this.unlisten = onPrefs(() => this.paintMute());
    this.paintMute();
    const buttons =
      o.you === null
        ? []
        : EMOTES.map((e) =>
            h(
              'button.small.emote',
              { type: 'button', dataset: { emote: e }, title: `Send "${EMOTE_TEXT[e]}"`, onclick: () => o.send(e) },
              EMOTE_TEXT[e],
            ),
          );
    // Folded by default, so the side panel keeps its room for the match (it fits a 1280×800 screen).
    this.el = h(
      'details.card.emotes',
      { id: 'emotes' },
      h(
        'summary',
        { id: 'emotes-toggle', title: 'Quick emotes: a fixed set the other player and spectators see' },
        'Emotes',
      ),
      h('div.row.emote-list', { role: 'group', 'aria-label': 'Send an emote' }, buttons),
      h('div.row', null, h('span.grow'), this.mute),
    );
  }

  private paintMute(): void {
    const muted = prefs().emotesMuted;
    // The button says the state; its title what a press does (a constant name with aria-pressed would hide the state
    // from sight, and a name unlike the visible text trips screen-reader users who speak to the page).
    this.mute.textContent = muted ? 'Emotes: hidden' : 'Emotes: shown';
    this.mute.dataset.muted = String(muted);
    this.mute.title = muted ? "Show other players' emotes again" : "Hide other players' emotes";
  }

  /** An emote arrived (our own echo included). The opponent's are hidden while muted; our own always show. */
  receive(m: ServerMessages['emote']): void {
    if (m.seat !== this.o.you && prefs().emotesMuted) return;
    const who = m.seat === this.o.you ? 'You' : this.o.names()[m.seat];
    const text = EMOTE_TEXT[m.emote];
    this.o.log(`${who}: “${text}”`);
    replace(this.bubble, h('b', null, who), ` ${text}`);
    this.bubble.dataset.seat = String(m.seat);
    this.bubble.hidden = false;
    if (m.seat !== this.o.you) playSfx('emote');
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => (this.bubble.hidden = true), 3500);
  }

  destroy(): void {
    this.unlisten();
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.bubble.remove();
    this.el.remove();
  }
}

/** The sound toggle (remembered), for the top bar. */
export function soundToggle(): { el: HTMLElement; destroy: () => void } {
  const b = h('button.small.toggle', { id: 'mute-sound', type: 'button' });
  const paint = () => {
    const muted = prefs().soundMuted;
    b.textContent = muted ? 'Sound: off' : 'Sound: on';
    b.dataset.muted = String(muted);
    b.title = muted ? 'Turn sound effects on' : 'Mute sound effects';
  };
  b.addEventListener('click', () => setPref('soundMuted', !prefs().soundMuted));
  const off = onPrefs(paint);
  paint();
  return { el: b, destroy: off };
}
