// The hard computer's view of a commitment window, computed off the page's thread (its search takes a few hundred
// milliseconds): the page posts a position and a seat, the worker answers with the ranked shortlist.
import { suggestCommitments } from '@star-eater/bots';
import type { MatchState, Seat } from '@star-eater/engine';

export interface SuggestRequest {
  id: number;
  state: MatchState;
  seat: Seat;
  seed: string;
}

self.onmessage = (e: MessageEvent<SuggestRequest>) => {
  const { id, state, seat, seed } = e.data;
  try {
    const ranked = suggestCommitments({ kind: 'commit', seat, state }, { seed });
    self.postMessage({ id, ranked });
  } catch (err) {
    self.postMessage({ id, error: (err as Error).message });
  }
};
