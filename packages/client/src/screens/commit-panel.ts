// The sealed commitment (RULES §4.1): the engine wheel with its ten settings, the eight commitment cards with their
// parameters and disabled reasons, lock in / revise, the opponent's locked-in light and the countdown. The momentum
// ghost and a weapon's reach are drawn on the board by the engine's previews, from where the warship will be when it
// moves and fires (after its drift), and only while their cause lasts: the window shown, the card pointed at or chosen.
import {
  CARD_IDS,
  CARD_NAMES,
  ENGINE_SETTINGS,
  isDir,
  MAX_CARDS,
  previewDrift,
  stateWhenFiring,
  weaponReach,
  type CardId,
  type CardPlay,
  type Commitment,
  type EngineSetting,
  type PublicState,
  type Seat,
} from '@star-eater/engine';
import { setGhost, setHighlights, type BoardState } from '../board/state.js';
import { cardHelp } from '../learn/help.js';
import { h, replace, secondsLeft } from '../ui/dom.js';
import { dirArrow } from './hud.js';
import { cardNote, disabledReason } from './commit-options.js';
import { defaultPlay, offeredPlays, paramLabel, playKey, playLabel } from './commit-params.js';
import { friendlyFireWarnings } from './fire-warning.js';
import { engineBlocked, keysHint } from './commit-hints.js';

const WHEEL_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];
const CARD_KEYS = ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i'];
/** A selector that finds the same control in the rebuilt panel. */
function focusKey(el: HTMLElement): string | null {
  if (el.dataset.card) return `[data-card="${el.dataset.card}"]`;
  if (el.dataset.engine) return `[data-engine="${el.dataset.engine}"]`;
  if (el.id) return `#${el.id}`;
  const label = el.getAttribute('aria-label');
  return label ? `[aria-label="${label.replace(/"/g, '\\"')}"]` : null;
}

/** Why the choices are disabled once locked in (a disabled button always says why). */
const LOCKED_WHY = 'Locked in: Revise (Esc) to change your orders';

export interface CommitPanelHooks {
  lock(c: Commitment): void;
  revise(): void;
}

export class CommitPanel {
  readonly el = h('section.card.col', { id: 'commit-panel', 'aria-label': 'Your commitment' });
  readonly bar = h('div.lockbar');
  engine: EngineSetting = 'NONE';
  cards: CardPlay[] = [];
  locked = false;
  opponentLocked = false;
  deadline = 0;
  private state: PublicState | null = null;
  /** The card the pointer or the keyboard is on: its reach is previewed while it stays there. */
  private pointedCard: CardId | null = null;
  /** The window is on screen: its previews are drawn only then (hidden during the round's resolution). */
  private shown = false;
  private countdown = h('span.countdown', { id: 'countdown', role: 'timer', 'aria-label': 'Time left' });
  /** The whose-turn line's seconds as last shown (showCountdown); null while it shows none. */
  private lineSeconds: number | null = null;
  private keyHandler = (e: KeyboardEvent) => this.onKey(e);

  constructor(
    private seat: Seat,
    private board: BoardState,
    private hooks: CommitPanelHooks,
  ) {
    window.addEventListener('keydown', this.keyHandler);
    this.el.hidden = this.bar.hidden = true;
  }

  /** A new round (or the synced state changed): keep choices unless the round changed. */
  update(s: PublicState, o: { locked: boolean; opponentLocked: boolean; deadline: number; newRound: boolean }): void {
    this.state = s;
    if (o.newRound) {
      this.engine = 'NONE';
      this.cards = [];
      this.pointedCard = null;
    }
    this.locked = o.locked;
    this.opponentLocked = o.opponentLocked;
    this.deadline = o.deadline;
    this.render();
  }

  /** The server's echo of our own sealed commitment (after a reload). */
  restore(c: Commitment | null, locked: boolean): void {
    if (c) {
      this.engine = c.engine;
      this.cards = c.cards.map((x) => ({ ...x }));
    }
    this.locked = locked;
    this.render();
  }

  /**
   * Shows or hides the window. Hidden (the round resolving, its animation, the end), its previews leave the board: they
   * describe orders not being given any more. The board's highlights then belong to the decision prompts.
   */
  setShown(shown: boolean): void {
    this.el.hidden = this.bar.hidden = !shown;
    if (shown === this.shown) return;
    this.shown = shown;
    if (shown) this.drawOverlays();
    else this.clearOverlays();
  }

  commitment(): Commitment {
    return { engine: this.engine, cards: this.cards.map((c) => ({ ...c })) };
  }

  private setEngine(e: EngineSetting): void {
    if (this.locked) return;
    this.engine = e;
    this.render();
  }

  private toggleCard(id: CardId): void {
    if (this.locked || !this.state) return;
    const i = this.cards.findIndex((c) => c.card === id);
    if (i >= 0) this.cards.splice(i, 1);
    else {
      if (disabledReason(this.state, this.seat, id, this.cards)) return;
      if (this.cards.length >= MAX_CARDS) this.cards.shift();
      this.cards.push(defaultPlay(id, this.state, this.seat));
    }
    this.render();
  }

  /** The pointer or the keyboard arrives on a card (`id`) or leaves it (null): the reach preview follows. */
  private point(id: CardId | null, leaving?: CardId): void {
    if (leaving && this.pointedCard !== leaving) return;
    this.pointedCard = id;
    this.drawOverlays();
  }

  private onKey(e: KeyboardEvent): void {
    if (
      !this.el.isConnected ||
      e.target instanceof HTMLInputElement ||
      e.target instanceof HTMLSelectElement ||
      e.ctrlKey ||
      e.metaKey
    )
      return;
    const w = WHEEL_KEYS.indexOf(e.key);
    if (w >= 0) {
      this.setEngine(ENGINE_SETTINGS[w]!);
      return;
    }
    const c = CARD_KEYS.indexOf(e.key.toLowerCase());
    if (c >= 0) {
      this.toggleCard(CARD_IDS[c]!);
      return;
    }
    // Enter on a focused button is that button's click (a card, say), not a lock-in as well.
    if (
      e.key === 'Enter' &&
      !this.locked &&
      !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)
    )
      this.hooks.lock(this.commitment());
    if (e.key === 'Escape' && this.locked) this.hooks.revise();
  }

  /**
   * The countdown shows `seconds`, the whose-turn line's, set in the same task (LiveMatch.showClocks): one clock, never
   * two readings a tick apart. While that line shows none (both locked in), the window's own deadline is read.
   */
  showCountdown(seconds: number | null): void {
    this.lineSeconds = seconds;
    this.paintCountdown();
  }

  private paintCountdown(): void {
    const left = this.lineSeconds ?? secondsLeft(this.deadline);
    const text = this.deadline ? `${left}s` : '';
    if (this.countdown.textContent !== text) this.countdown.textContent = text;
    this.countdown.classList.toggle('low', left <= 10);
  }

  /** The card's parameter, chosen among the engine's listed plays of it (none to choose: no control). */
  private param(play: CardPlay, s: PublicState): HTMLElement | null {
    const ship = s.ships[this.seat];
    const plays = offeredPlays(s, this.seat, play.card);
    const label = paramLabel(play.card, ship);
    // One play left that does something (Squadron Maintenance with one squadron to rearm): said, not chosen.
    if (plays.length === 1 && Object.keys(plays[0]!).length > 1)
      return h('span.param-only', { 'aria-label': label }, `${label}: ${playLabel(plays[0]!, ship)}`);
    if (plays.length <= 1) return null;
    const current = plays.findIndex((p) => playKey(p) === playKey(play));
    const el = h(
      'select',
      {
        'aria-label': label,
        disabled: this.locked,
        title: this.locked ? LOCKED_WHY : '',
        style: { maxWidth: '100%', minWidth: '0' },
      },
      plays.map((p, i) => h('option', { value: String(i), selected: i === current }, playLabel(p, ship))),
    );
    el.addEventListener('change', () => {
      const chosen = plays[Number(el.value)]!;
      for (const k of Object.keys(play)) delete (play as Record<string, unknown>)[k];
      Object.assign(play, structuredClone(chosen));
      this.render();
    });
    return h('label', null, h('span', null, label), el);
  }

  /** The engine wheel: the ten settings (RULES §4.1), keys 1–0. */
  private wheel(): HTMLElement {
    const flipped = this.board.orientation === 1;
    const face = (e: EngineSetting) =>
      isDir(e)
        ? [dirArrow(e, flipped), h('span', { style: { fontSize: '11px', marginLeft: '3px' } }, e)]
        : { DOUBLE: '2×', CW: '↻', CCW: '↺', NONE: '—' }[e];
    const dirs = ENGINE_SETTINGS.map((e, i) =>
      h(
        'button',
        {
          'aria-pressed': this.engine === e ? 'true' : 'false',
          // The visible text is part of the name (axe: label-content-name-mismatch): DOUBLE shows "2×".
          'aria-label': `Engine ${e === 'DOUBLE' ? 'DOUBLE 2×' : e} (key ${WHEEL_KEYS[i]})`,
          title: this.locked ? LOCKED_WHY : `key ${WHEEL_KEYS[i]}`,
          disabled: this.locked,
          dataset: { engine: e },
          onclick: () => this.setEngine(e),
        },
        face(e),
      ),
    );
    return h('div.wheel', { role: 'group', 'aria-label': 'Engine wheel' }, dirs);
  }

  /** One button per commitment card, with its key, what it fires or does, and why it cannot be played. */
  private cardButton(s: PublicState, id: CardId, i: number): HTMLElement {
    const chosen = this.cards.find((c) => c.card === id);
    const why = chosen ? null : disabledReason(s, this.seat, id, this.cards);
    // A card that can be played but may do nothing says so (e.g. its component cools down only if another card helps).
    const note = why ? null : cardNote(s, this.seat, id);
    const help = cardHelp(id, s, this.seat);
    return h(
      'button.cc',
      {
        'aria-pressed': chosen ? 'true' : 'false',
        // Named by its visible text (the card, its key, its hint or why it cannot be played): axe's
        // label-content-name-mismatch; the key also as aria-keyshortcuts.
        'aria-keyshortcuts': CARD_KEYS[i]!.toUpperCase(),
        // a laptop hides the help line under the card (match-flow.css): the pointer still reads it here
        title: why ?? (this.locked ? LOCKED_WHY : note) ?? help,
        disabled: this.locked || !!why,
        dataset: { card: id },
        onclick: () => this.toggleCard(id),
        onmouseenter: () => this.point(id),
        onmouseleave: () => this.point(null, id),
        onfocus: () => this.point(id),
        onblur: () => this.point(null, id),
      },
      h(
        'span',
        null,
        chosen ? h('span.tick', { 'aria-hidden': 'true' }, '✓ ') : null,
        CARD_NAMES[id],
        ' ',
        h('kbd', null, CARD_KEYS[i]!.toUpperCase()),
      ),
      why ? h('span.why', null, why) : h('span.help', null, help),
      note ? h('span.note', null, note) : null,
    );
  }

  /** The bar under the panel: the opponent's light, the countdown, Lock in or Revise. */
  private lockBar(): HTMLElement[] {
    return [
      h(
        'span.row',
        { title: 'Opponent locked in?', id: 'opponent-lock' },
        h('span.light', { class: this.opponentLocked ? 'on' : '' }),
        h('span.dim', null, this.opponentLocked ? 'Opponent locked' : 'Opponent thinking'),
      ),
      h('span.grow'),
      this.countdown,
      this.locked
        ? h('button', { id: 'revise', onclick: () => this.hooks.revise(), 'aria-label': 'Revise (Escape)' }, 'Revise')
        : h(
            'button.primary',
            { id: 'lock-in', onclick: () => this.hooks.lock(this.commitment()), 'aria-label': 'Lock in (Enter)' },
            'Lock in',
          ),
    ];
  }

  render(): void {
    const s = this.state;
    if (!s) return;
    // A keyboard user keeps their place: the control focused before the panel is rebuilt is focused again after.
    const focused = document.activeElement as HTMLElement | null;
    const keep = focused && (this.el.contains(focused) || this.bar.contains(focused)) ? focusKey(focused) : null;
    const cards = CARD_IDS.map((id, i) => this.cardButton(s, id, i));
    const params = this.cards.map((c) => this.param(c, s)).filter((x): x is HTMLElement => x !== null);
    const small = (text: string) => h('div', { class: 'dim', style: { fontSize: '12px' } }, text);
    replace(
      this.el,
      h('h3', null, `Round ${s.round} — your orders`, this.locked ? h('span.locked-tag', null, ' · locked in') : null),
      this.locked
        ? h(
            'p.dim',
            { id: 'locked-note', style: { margin: 0, fontSize: '13px' } },
            'Sealed until both are locked in. Revise (Esc) to change them.',
          )
        : null,
      small('Engine card'),
      this.wheel(),
      engineBlocked(previewDrift(s, this.seat, this.engine).blocked),
      small(`Commitment cards (up to ${MAX_CARDS}) — ${this.cards.length}/${MAX_CARDS}`),
      h('div.ccards', { role: 'group', 'aria-label': 'Commitment cards' }, cards),
      params.length ? h('div.params', null, params) : null,
      friendlyFireWarnings(stateWhenFiring(s, this.seat, this.engine), this.seat, this.cards).map((w) =>
        h('p.warn.fire-warning', { role: 'alert' }, '⚠ ', w),
      ),
      keysHint(),
    );
    replace(this.bar, ...this.lockBar());
    this.paintCountdown();
    this.drawOverlays();
    if (keep) (this.el.querySelector<HTMLElement>(keep) ?? this.bar.querySelector<HTMLElement>(keep))?.focus();
  }

  /**
   * The momentum ghost, and the reach of the weapon card pointed at (else of the weapon cards chosen), from where the
   * warship will fire after its drift. A card that cannot act this round (a weapon in cooldown) previews nothing.
   */
  drawOverlays(): void {
    const s = this.state;
    if (!s || !this.shown) return;
    const drift = previewDrift(s, this.seat, this.engine);
    const last = drift.path.at(-1);
    setGhost(
      this.board,
      last
        ? {
            seat: this.seat,
            core: last.core,
            facing: last.facing,
            path: [s.ships[this.seat].core, ...drift.path.map((x) => x.core)],
          }
        : null,
    );
    const firing = stateWhenFiring(s, this.seat, this.engine);
    const reach = this.previewedPlays(s).flatMap((play) => weaponReach(firing, this.seat, play));
    setHighlights(
      this.board,
      reach.map((at) => ({ at, kind: 'arc' as const })),
    );
  }

  /** The plays whose reach shows: the pointed card's (as chosen, or its first play) if it can act, else the chosen. */
  private previewedPlays(s: PublicState): CardPlay[] {
    const id = this.pointedCard;
    if (!id) return this.cards;
    const chosen = this.cards.find((c) => c.card === id);
    if (chosen) return [chosen];
    return disabledReason(s, this.seat, id, this.cards) ? [] : [defaultPlay(id, s, this.seat)];
  }

  private clearOverlays(): void {
    setGhost(this.board, null);
    setHighlights(this.board, []);
  }

  destroy(): void {
    window.removeEventListener('keydown', this.keyHandler);
    if (this.shown) this.clearOverlays();
    this.el.remove();
    this.bar.remove();
  }
}
