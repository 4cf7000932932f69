// A small board of its own for watching a trial round: the live board is the match's (its animations report to the
// room that they finished), so a trial plays here, from the same position, with a caption saying whose dice these are.
import type { FactionId, MatchEvent, PublicState, Seat } from '@star-eater/engine';
import { EventPlayer } from '../animation/player.js';
import { modelFromMatch } from '../board/model.js';
import { createBoardState } from '../board/state.js';
import { BoardView } from '../board/view.js';
import { h } from '../ui/dom.js';

export class TrialBoard {
  readonly el = h('div.trial-board', { id: 'trial-board' });
  private view: BoardView | null = null;
  private caption = h('div.trial-caption.small', { 'aria-live': 'polite' });

  /** Plays `events` from `start` on a board of its own; the returned promise settles when they have played. */
  async watch(
    start: PublicState,
    events: readonly MatchEvent[],
    o: { names: [string, string]; factions: [FactionId, FactionId]; you: Seat },
  ): Promise<void> {
    this.destroy();
    const host = h('div.trial-host');
    this.el.replaceChildren(h('div.dim.small', null, 'The trial round, with the page’s dice'), host, this.caption);
    const board = createBoardState(modelFromMatch(start), o.you);
    const player = new EventPlayer(board, o.names, { onLog: (line) => (this.caption.textContent = line) });
    const view = new BoardView(host, board, { onFrame: (dt) => player.tick(Math.min(dt, 100)) });
    this.view = view;
    await view.init();
    if (this.view !== view) return; // a newer trial (or leaving) replaced this board while it was being made
    view.setFactions(o.factions, o.you);
    // not a second "Game board" for a screen reader
    host.querySelector('canvas.board-canvas')?.setAttribute('aria-label', 'Trial board, with the page’s dice');
    player.play(events);
    await player.idle();
  }

  destroy(): void {
    this.view?.destroy();
    this.view = null;
    this.el.replaceChildren();
  }
}
