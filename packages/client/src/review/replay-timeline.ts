// The replay's timeline: a slider over the rounds and the list of rounds, each with its one-line summary; both jump
// to the start of a round, and follow the viewer as it moves.
import type { MatchEvent } from '@star-eater/engine';
import { h, replace } from '../ui/dom.js';
import { summarizeRound, summaryLine } from './round-summary.js';

export interface Timeline {
  readonly slider: HTMLInputElement;
  readonly list: HTMLElement;
  /** Marks round `round` (0-based; `rounds` = the end) as where the viewer stands. */
  show(round: number): void;
}

export function timeline(
  rounds: readonly MatchEvent[][],
  names: readonly [string, string],
  go: (round: number) => void,
): Timeline {
  const slider = h('input', {
    id: 'replay-slider',
    type: 'range',
    min: 0,
    max: rounds.length,
    step: 1,
    value: 0,
    'aria-label': 'Round',
    oninput: () => go(Number(slider.value)),
  });
  const items = rounds.map((events, i) =>
    h(
      'li',
      null,
      h(
        'button.link.small',
        { id: `replay-round-${i + 1}`, onclick: () => go(i) },
        h('b', null, `Round ${i + 1}`),
        ` ${summaryLine(summarizeRound(events), names)}`,
      ),
    ),
  );
  const list = h('ol.replay-rounds', { id: 'replay-rounds', 'aria-label': 'Rounds' });
  replace(list, items);
  return {
    slider,
    list,
    show(round) {
      slider.value = String(round);
      for (const [i, li] of items.entries()) li.classList.toggle('current', i === round);
    },
  };
}
