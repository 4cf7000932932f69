// The board with its side panel, shared by the live match, the spectator view and the replay viewer: the Pixi
// board, the caption, speed/skip controls, ship cards, a slot for action panels, and the log.
import type { FactionId, Hex, MatchEvent, Seat } from '@star-eater/engine';
import { EventPlayer } from '../animation/player.js';
import type { BoardModel } from '../board/model.js';
import { fitLayout } from '../board/layout.js';
import { createBoardState, setModel, type BoardState } from '../board/state.js';
import { seatColour } from '../board/theme.js';
import { BoardView } from '../board/view.js';
import { h, replace } from '../ui/dom.js';
import { setNoticeArea } from '../ui/notice-place.js';
import { onPrefs, prefs, setPref, SPEEDS } from '../ui/prefs.js';
import { shipCards } from './hud.js';
import { matchNoticeArea } from './match-notices.js';
import { describeHex } from '../board/inspect.js';
import { attachBoardTips } from '../ui/tooltip.js';

/** One press of a zoom button or key: the hex size times this. */
const ZOOM_STEP = 1.5;

function zoomButton(id: string, text: string, title: string, factor: number, mv: MatchView): HTMLButtonElement {
  return h(
    'button.small.zoom',
    {
      id,
      title,
      'aria-label': factor > 1 ? 'Zoom in' : 'Zoom out',
      'aria-keyshortcuts': factor > 1 ? '+' : '-',
      onclick: () => mv.view?.zoomBy(factor),
    },
    text,
  );
}

export interface MatchViewOptions {
  names: [string, string];
  factions: [FactionId, FactionId];
  you: Seat | null;
  model: BoardModel;
  onHexClick?: (h: Hex) => void;
  onHexDrag?: (from: Hex, to: Hex) => void;
  dragsFrom?: (h: Hex) => boolean;
}

export class MatchView {
  readonly root: HTMLElement;
  readonly board: BoardState;
  readonly player: EventPlayer;
  view!: BoardView;
  /** Action panels go here (commit panel, decisions). */
  readonly panel = h('div.col', { id: 'panel' });
  /** Sticky bottom bar of the side (lock in / countdown, or replay controls). */
  readonly bar = h('div.side-bar');
  /** Where notices show on a phone scrolled away from the board with no lock-in bar (match-notices.ts). */
  private noticeStrip = h('div.notice-strip', { hidden: true, 'aria-hidden': 'true' });
  readonly topHud = h('div.hud.top');
  private cards = h('div.col', { id: 'ship-cards' });
  /** Text a screen reader reads; focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */
  private logEl = h('div.log', { id: 'log', role: 'log', 'aria-label': 'Match log', tabindex: 0 });
  private caption = h('div.caption', { id: 'caption', 'aria-live': 'polite' });
  private host = h('div.board-host');
  private speedBtn = h('button.small', { id: 'speed' });
  private controls = h('div.anim-controls', null);
  private wrap = h('div.board-wrap');
  /** Puts the speed/skip buttons where they cover no hex (see placeControls). */
  private controlsResize = new ResizeObserver(() => this.placeControls());
  private lastCaption = '';
  private followLog = true;
  private readerScrollAt = -Infinity;
  /** "." skips the animations, "," cycles their speed (not while typing in a field). */
  private onKey = (e: KeyboardEvent): void => {
    if (
      !this.root.isConnected ||
      e.ctrlKey ||
      e.metaKey ||
      e.altKey ||
      e.target instanceof HTMLInputElement ||
      e.target instanceof HTMLSelectElement
    )
      return;
    if (e.key === '.') this.player.skip();
    else if (e.key === ',') this.cycleSpeed();
    else if (e.key === '+' || e.key === '=') this.view?.zoomBy(ZOOM_STEP);
    else if (e.key === '-') this.view?.zoomBy(1 / ZOOM_STEP);
  };
  private logResize = new ResizeObserver(() => this.followLog && this.scrollLog());
  locked: [boolean, boolean] | null = null;
  private untip: (() => void) | null = null;
  private unNotices: (() => void) | null = null;
  connected: [boolean, boolean] | undefined;

  /** Called when the board is flipped: panels that draw directions as they look on screen draw them again. */
  onFlip: (() => void) | null = null;
  private readonly flipBtn = h(
    'button.small',
    {
      id: 'flip-board',
      onclick: () => setPref('flipBoard', !prefs().flipBoard),
      title: 'Turn the board upside down; the direction arrows turn with it (remembered)',
    },
    '⇅ Flip',
  );
  private readonly unPrefs = onPrefs(() => this.applyFlip());
  /** Zoom out / in: hexes big enough to tap on a phone (a pinch or a wheel does the same on the board). */
  private readonly zoomOut = zoomButton('zoom-out', '−', 'Zoom out (key -; or pinch the board)', 1 / ZOOM_STEP, this);
  private readonly zoomIn = zoomButton(
    'zoom-in',
    '+',
    'Zoom in (key +; or pinch or scroll the board, drag to move)',
    ZOOM_STEP,
    this,
  );

  /** The board's way up: your warship at the bottom (seat 1's board turned), the other way when flipped. */
  private orientation(): Seat {
    const base = this.o.you === 1 ? 1 : 0;
    return (prefs().flipBoard ? 1 - base : base) as Seat;
  }

  private applyFlip(): void {
    this.flipBtn.setAttribute('aria-pressed', String(prefs().flipBoard));
    const o = this.orientation();
    if (o === this.board.orientation) return;
    this.board.orientation = o;
    this.board.dirty = true;
    this.refreshHud();
    this.onFlip?.();
  }

  constructor(private o: MatchViewOptions) {
    this.board = createBoardState(o.model, this.orientation());
    this.flipBtn.setAttribute('aria-pressed', String(prefs().flipBoard));
    this.player = new EventPlayer(this.board, o.names, {
      onLog: (line, e) => this.log(line, e.type === 'round-started'),
      onEvent: () => this.refreshHud(),
      onIdle: () => this.refreshHud(),
    });
    this.speedBtn.addEventListener('click', () => this.cycleSpeed());
    // The log follows its newest line unless the reader has scrolled up; it stays at the bottom when it is resized.
    // Only a reader's own scrolling (wheel, touch, scrollbar, keys) counts: layout changes scroll it too, and one of
    // those once left it stuck at the top.
    const intent = () => (this.readerScrollAt = performance.now());
    for (const ev of ['wheel', 'touchstart', 'pointerdown', 'keydown'])
      this.logEl.addEventListener(ev, intent, { passive: true });
    this.logEl.addEventListener('scroll', () => {
      if (performance.now() - this.readerScrollAt > 1500) return;
      const el = this.logEl;
      this.followLog = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
    });
    this.logResize.observe(this.logEl);
    const skip = h(
      'button.small',
      {
        id: 'skip',
        onclick: () => this.player.skip(),
        'aria-label': 'Skip animations',
        'aria-keyshortcuts': '.',
        title: 'Skip animations (key .)',
      },
      'Skip »',
    );
    this.speedBtn.setAttribute('aria-keyshortcuts', ',');
    this.speedBtn.title = 'Animation speed: 1×, 2× or skip; remembered (key ,)';
    this.applySpeed();
    window.addEventListener('keydown', this.onKey);
    this.root = h(
      'div.match',
      null,
      this.wrap,
      h(
        'aside.side',
        { 'aria-label': 'Match panel' },
        h(
          'div.side-scroll',
          null,
          this.cards,
          this.panel,
          h('section.card.log-card', null, h('h3', null, 'Log'), this.logEl),
        ),
        this.bar,
        this.noticeStrip,
      ),
    );
    this.controls.append(
      h('div.controls-row', null, this.zoomOut, this.zoomIn),
      h('div.controls-row', null, this.flipBtn, this.speedBtn, skip),
    );
    this.wrap.append(this.host, this.caption, this.topHud, this.controls);
    this.controlsResize.observe(this.wrap);
    this.controlsResize.observe(this.host);
    this.refreshHud();
  }

  /**
   * The speed/skip buttons sit in the board's letterbox margin (bottom right) when the fitted board leaves room for
   * them there, else in a bar under the board (a phone's narrow board fills the width). Decided from the space the
   * board would have with the buttons in the corner, so moving them never flips the decision back.
   */
  private placeControls(): void {
    const below = this.wrap.classList.contains('controls-below');
    const w = this.host.clientWidth;
    const hgt = this.host.clientHeight + (below ? this.controls.offsetHeight : 0);
    if (!w || !hgt) return;
    const { cols, rows } = this.board.model;
    const l = fitLayout(cols, rows, { width: w, height: hgt }, { pad: 6 });
    // In the corner the two rows of buttons (zoom; flip and speed) sit side by side, or one above the other when a
    // narrow side margin has room for the wider row only.
    const widths = [...this.controls.children].map((c) => (c as HTMLElement).offsetWidth);
    const side = (w - l.width) / 2;
    const inRow = side >= widths.reduce((s, x) => s + x + 6, 14);
    const stacked = !inRow && side >= Math.max(...widths) + 14;
    const fits = inRow || stacked || (hgt - l.height) / 2 >= this.speedBtn.offsetHeight + 14;
    this.wrap.classList.toggle('controls-below', !fits);
    this.wrap.classList.toggle('controls-stacked', stacked);
  }

  async init(): Promise<this> {
    this.view = new BoardView(this.host, this.board, {
      ...(this.o.onHexClick ? { onHexClick: this.o.onHexClick } : {}),
      ...(this.o.onHexDrag ? { onHexDrag: this.o.onHexDrag } : {}),
      ...(this.o.dragsFrom ? { dragsFrom: this.o.dragsFrom } : {}),
      zoomable: true,
      onZoom: (z, max) => {
        this.zoomOut.disabled = z <= 1;
        this.zoomIn.disabled = z >= max - 1e-6;
      },
      onFrame: (dt) => {
        this.player.tick(Math.min(dt, 100));
        if (this.board.caption !== this.lastCaption) {
          this.lastCaption = this.board.caption;
          this.caption.textContent = this.board.caption;
        }
      },
    });
    await this.view.init();
    if (this.left) return this; // left while the board was being made: nothing more to set up
    this.view.setFactions(this.o.factions, this.o.you);
    // Every board piece says what it is: hover, or a tap on touch.
    this.untip = attachBoardTips(
      this.view.pixi.canvas,
      (e) => this.view.hexAt(e),
      (hx) => describeHex(this.board.model, hx),
    );
    (window as unknown as { __board?: unknown }).__board = this;
    this.unNotices = setNoticeArea(() =>
      matchNoticeArea({ host: this.host, controls: this.controls, bar: this.bar, strip: this.noticeStrip }),
    );
    return this;
  }

  setNames(names: [string, string], factions: [FactionId, FactionId]): void {
    this.o.names = names;
    this.player.names = names;
    this.o.factions = factions;
    this.view?.setFactions(factions, this.o.you);
  }

  /** 1× → 2× → skip, remembered for the next match. */
  cycleSpeed(): void {
    const i = SPEEDS.indexOf(prefs().speed);
    setPref('speed', SPEEDS[(i + 1) % SPEEDS.length]!);
    this.applySpeed();
    if (prefs().speed === 'skip') this.player.skip();
  }

  private applySpeed(): void {
    const sp = prefs().speed;
    this.player.speed = sp === 'skip' ? 1 : sp;
    this.speedBtn.textContent = sp === 'skip' ? 'Skip' : `${sp}×`;
    this.speedBtn.setAttribute('aria-label', `Animation speed: ${sp === 'skip' ? 'skip animations' : `${sp}×`}`);
    this.speedBtn.dataset.speed = String(sp);
  }

  play(events: readonly MatchEvent[]): void {
    // The round plays in the player's view: one zoomed in by hand stays zoomed in (board/view-camera.ts).
    this.player.play(events);
    if (prefs().speed === 'skip') this.player.skip();
  }

  /**
   * On a phone the board and the panels stack and the page scrolls: whatever happens on the board (a round playing, a
   * prompt that asks for a hex) brings the board into view, so it never plays off-screen under the orders panel.
   */
  showBoard(): void {
    if (!matchMedia('(max-width: 820px)').matches) return;
    const r = this.wrap.getBoundingClientRect();
    if (r.top >= -1 && r.bottom <= innerHeight + 1) return;
    this.wrap.scrollIntoView({ block: 'start' });
  }

  /** Resolves once everything queued has played (at once when nothing is). */
  idle(): Promise<void> {
    return this.player.idle();
  }

  /** The synced truth; applied once the queued animations have played. */
  settle(model: BoardModel): void {
    this.player.settle(model);
    if (!this.player.queue.busy) this.refreshHud();
  }

  /** Replace the board at once (replay stepping). */
  reset(model: BoardModel): void {
    this.player.queue.clear();
    setModel(this.board, model);
    this.refreshHud();
  }

  refreshHud(): void {
    replace(
      this.cards,
      shipCards(this.board.model, {
        // Before the board exists (a replay's first frame) the same colours as it will draw.
        colourOf: (s) => this.view?.colourOf(s) ?? seatColour(this.o.factions, s as Seat, this.o.you),
        you: this.o.you,
        flipped: this.board.orientation === 1,
        locked: this.locked,
        ...(this.connected ? { connected: this.connected } : {}),
      }),
    );
  }

  log(line: string, round = false): void {
    this.logEl.append(h('div', { class: round ? 'round' : '' }, line));
    if (this.followLog) this.scrollLog();
  }

  private scrollLog(): void {
    this.logEl.scrollTop = this.logEl.scrollHeight;
  }

  clearLog(): void {
    replace(this.logEl);
    this.followLog = true;
  }

  /** Whether this view was left (its screen unmounted); after an `await init()` the caller stops there if so. */
  left = false;

  destroy(): void {
    this.left = true;
    this.untip?.();
    this.unPrefs();
    window.removeEventListener('keydown', this.onKey);
    this.logResize.disconnect();
    this.controlsResize.disconnect();
    this.unNotices?.();
    this.view?.destroy();
    this.root.remove();
  }
}
