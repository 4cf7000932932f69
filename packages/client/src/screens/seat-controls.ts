// A seat's own controls beside the board: the commitment (the commit panel and its bar, RULES §4.1), trying the
// orders against a guess, and the row of the emotes, that trial's toggle and Concede. A spectator has none of these.
import type { Commitment, FactionId, Seat } from '@star-eater/engine';
import { TrialPanel } from '../review/trial-panel.js';
import { confirmDialog } from '../ui/dialog.js';
import { h } from '../ui/dom.js';
import { CommitPanel } from './commit-panel.js';
import type { EmoteBar } from './emote-bar.js';
import type { MatchView } from './match-view.js';

export interface SeatControlHooks {
  lock(c: Commitment): void;
  revise(): void;
  concede(): void;
  names(): [string, string];
  factions(): [FactionId, FactionId];
}

export interface SeatControls {
  commit: CommitPanel;
  trial: TrialPanel;
}

/** Builds the seat's controls into the view: the orders, then the extras row. */
export function mountSeatControls(view: MatchView, you: Seat, emotes: EmoteBar, hooks: SeatControlHooks): SeatControls {
  const commit = new CommitPanel(you, view.board, { lock: hooks.lock, revise: hooks.revise });
  const trial = new TrialPanel(you, view.board, {
    mine: () => ({ engine: commit.engine, cards: commit.cards }),
    names: hooks.names,
    factions: hooks.factions,
  });
  view.bar.append(commit.bar);
  const concede = async () => {
    const yes = await confirmDialog({
      id: 'concede-dialog',
      title: 'Concede this match?',
      text: 'Your opponent wins at once. The match is recorded as a concession.',
      confirm: 'Concede',
      cancel: 'Keep playing',
      danger: true,
    });
    if (yes) hooks.concede();
  };
  view.panel.append(
    commit.el,
    trial.el,
    h(
      'div.row.match-extras',
      null,
      emotes.el,
      trial.button,
      h('button.danger.small', { id: 'concede', onclick: concede }, 'Concede'),
    ),
  );
  return { commit, trial };
}
