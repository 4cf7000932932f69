// Asking the hard computer what it would commit (suggest-worker.ts), one worker per page, answers matched by id.
import type { RankedCommitment } from '@star-eater/bots';
import type { MatchState, Seat } from '@star-eater/engine';
import type { SuggestRequest } from './suggest-worker.js';

let worker: Worker | null = null;
let next = 1;
const waiting = new Map<number, { resolve: (r: RankedCommitment[]) => void; reject: (e: Error) => void }>();

function start(): Worker {
  const w = new Worker(new URL('./suggest-worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<{ id: number; ranked?: RankedCommitment[]; error?: string }>) => {
    const p = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (!p) return;
    if (e.data.ranked) p.resolve(e.data.ranked);
    else p.reject(new Error(e.data.error ?? 'the computer gave no answer'));
  };
  w.onerror = (e) => {
    for (const p of waiting.values()) p.reject(new Error(e.message || 'the computer stopped'));
    waiting.clear();
    worker = null;
  };
  return w;
}

/** The hard computer's shortlist for `seat` at `state`, best first (seeded: the same position gives the same list). */
export function suggestOrders(state: MatchState, seat: Seat, seed: string): Promise<RankedCommitment[]> {
  worker ??= start();
  const id = next++;
  const request: SuggestRequest = { id, state, seat, seed };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage(request);
  });
}
