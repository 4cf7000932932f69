// "Try against a guess" beside your orders in the commitment window: a guess of the opponent's orders (offered from
// its legal commitments, which are public: commitmentOptions), then the round resolved in the page once or twenty
// times (trial.ts), drawn as see-through warships where they end, and where the opponent could end under each engine
// setting. Nothing here is sent to the room.
import {
  shipHexes,
  validateCommitment,
  type Commitment,
  type FactionId,
  type PublicState,
  type Seat,
} from '@star-eater/engine';
import { setHighlights, type BoardState, type Highlight } from '../board/state.js';
import { h, replace } from '../ui/dom.js';
import { movedText } from './branch-diff.js';
import { ordersEditor, type OrdersEditor } from './orders-editor.js';
import { seatLine } from './round-summary.js';
import { reachable, runTrial, trialSpread, type TrialResult } from './trial.js';
import { TrialBoard } from './trial-board.js';

export interface TrialHooks {
  /** Your orders as they stand in the commit panel. */
  mine(): Commitment;
  names(): [string, string];
  factions(): [FactionId, FactionId];
}

export class TrialPanel {
  /** The panel, shown under the orders only once asked for: a laptop's side panel has no room to spare. */
  readonly el = h('section.card.col.trial', { id: 'trial', 'aria-label': 'Try against a guess', hidden: true });
  /** The toggle, beside the emotes and Concede. */
  readonly button = h('button.small', { id: 'trial-open', 'aria-expanded': 'false' }, 'Try a guess…');
  private open = false;
  private window = false;
  private state: PublicState | null = null;
  private guess: OrdersEditor | null = null;
  private result = h('div.col.small', { id: 'trial-result', 'aria-live': 'polite' });
  private tries = 0;
  private mini = new TrialBoard();

  constructor(
    private you: Seat,
    private board: BoardState,
    private hooks: TrialHooks,
  ) {
    this.button.addEventListener('click', () => {
      this.open = !this.open;
      this.button.setAttribute('aria-expanded', String(this.open));
      if (!this.open) this.clear();
      this.show(this.window);
      if (this.open) this.el.scrollIntoView({ block: 'nearest' });
    });
  }

  /** In the commitment window (`window`), the toggle shows, and the panel if it was opened. */
  show(window: boolean): void {
    this.window = window;
    this.button.hidden = !window;
    this.el.hidden = !window || !this.open;
  }

  private get them(): Seat {
    return this.you === 0 ? 1 : 0;
  }

  /** A new position (the commitment window opened or the synced state changed). */
  update(s: PublicState, newRound: boolean): void {
    const first = this.state === null;
    this.state = s;
    if (!first && !newRound) return;
    this.clear();
    const name = this.hooks.names()[this.them];
    this.guess = ordersEditor(s, this.them, `Your guess of ${name}'s orders`, () => {});
    replace(
      this.el,
      h('h3', null, 'Try against a guess'),
      h(
        'p.dim.small',
        null,
        "Your orders as they stand, against the orders you guess for your opponent. The dice here are not the match's: the page rolls its own. Prompts take their time-out answers. Nothing is sent.",
      ),
      this.guess.root,
      h(
        'div.row.wrap',
        null,
        h('button.small', { id: 'trial-once', onclick: () => this.once() }, 'Try once'),
        h('button.small', { id: 'trial-20', onclick: () => this.spread() }, '×20'),
        h('button.small', { id: 'trial-reach', onclick: () => this.reach() }, `Where could ${name} end?`),
      ),
      this.result,
      this.mini.el,
    );
  }

  private orders(): { mine: Commitment; theirs: Commitment } | null {
    const s = this.state;
    const g = this.guess?.value();
    if (!s || !g) return null;
    const mine = validateCommitment(s, this.you, this.hooks.mine());
    if (!mine.ok) {
      replace(this.result, h('p.bad', null, `Your orders are not legal yet: ${mine.error.message}`));
      return null;
    }
    if (!g.ok) {
      replace(this.result, h('p.bad', null, `The guess is not legal: ${g.error}`));
      return null;
    }
    return { mine: mine.value, theirs: g.value };
  }

  private once(): void {
    const o = this.orders();
    const s = this.state;
    if (!o || !s) return;
    const r = runTrial(s, this.you, o.mine, o.theirs, `${s.round}:${this.tries++}`);
    const names = this.hooks.names();
    const moved = (seat: Seat) => `${names[seat]} ${movedText(s.ships[seat].core, r.end.ships[seat].core)}`;
    replace(
      this.result,
      h('b', null, 'One trial (the page’s dice)'),
      h('div', null, seatLine(r.summary, this.you, names[this.you])),
      h('div', null, seatLine(r.summary, this.them, names[this.them])),
      h('div.dim', null, `${moved(this.you)} · ${moved(this.them)}`),
      r.end.winner !== null ? h('div.warn', null, 'The match would end this round.') : null,
      h('button.small', { id: 'trial-watch', onclick: () => this.watch(s, r) }, 'Watch this trial'),
    );
    const hexes = ([0, 1] as const).flatMap((seat) =>
      shipHexes(r.end.ships[seat]).map((at): Highlight => ({ at, kind: 'ghost', seat })),
    );
    setHighlights(this.board, hexes);
  }

  private spread(): void {
    const o = this.orders();
    const s = this.state;
    if (!o || !s) return;
    const sp = trialSpread(s, this.you, o.mine, o.theirs, `${s.round}:${this.tries++}`, 20);
    const names = this.hooks.names();
    const row = (seat: Seat) => {
      const [lo, mid, hi] = sp.taken[seat];
      const places = sp.ends[seat].size;
      return h(
        'tr',
        null,
        h('th', { scope: 'row' }, names[seat]),
        h('td', null, lo === hi ? String(lo) : `${lo}–${hi} (median ${mid})`),
        h('td', null, sp.hits[seat].toFixed(1)),
        h('td', null, places === 1 ? 'always the same' : `${places} places`),
      );
    };
    replace(
      this.result,
      h('b', null, `Twenty trials (the page’s dice)${sp.ended ? `: the match ends in ${sp.ended}` : ''}`),
      h(
        'table.whatif-diff',
        { id: 'trial-spread' },
        h(
          'thead',
          null,
          h('tr', null, h('th', null, ''), h('th', null, 'Damage taken'), h('th', null, 'Hits'), h('th', null, 'Ends')),
        ),
        h('tbody', null, row(this.you), row(this.them)),
      ),
    );
    setHighlights(
      this.board,
      ([0, 1] as const).flatMap((seat) =>
        [...sp.ends[seat].values()].map((e): Highlight => ({ at: e.at, kind: 'ghost', seat })),
      ),
    );
  }

  private reach(): void {
    const s = this.state;
    if (!s) return;
    const ends = reachable(s, this.them);
    const places = new Map(ends.map((e) => [`${e.at.q},${e.at.r}`, e.at]));
    setHighlights(
      this.board,
      [...places.values()].map((at): Highlight => ({ at, kind: 'path', seat: this.them })),
    );
    replace(
      this.result,
      h(
        'div',
        { id: 'trial-reach-text' },
        `${this.hooks.names()[this.them]}'s core can end on ${places.size} hexes this round (ten engine settings; your warship held still).`,
      ),
    );
  }

  /** Plays the last trial on a small board of its own (the live board's animations belong to the match). */
  private watch(s: PublicState, r: TrialResult): void {
    void this.mini.watch(s, r.events, { names: this.hooks.names(), factions: this.hooks.factions(), you: this.you });
  }

  clear(): void {
    setHighlights(this.board, []);
    replace(this.result);
    this.mini.destroy();
  }
}
