// The commit panel's short texts: why the engine card will count as NONE and the keyboard keys (each card's line of
// what it does is the in-match help's: learn/help.ts).
import { h } from '../ui/dom.js';

/** Why the engine card chosen will count as NONE (the engine's reason, RULES §9), or nothing. */
export function engineBlocked(blocked: 'thruster-locked' | 'fuel-leak' | null): HTMLElement | null {
  if (!blocked) return null;
  const text =
    blocked === 'thruster-locked'
      ? 'Thruster locked by a critical hit: your engine card counts as NONE this round.'
      : 'Fuel leak from a critical hit: DOUBLE counts as NONE for the rest of the match.';
  return h('p.warn', { id: 'engine-blocked', role: 'status' }, '⚠ ', text);
}

/** The panel's keyboard keys, in one line. */
export function keysHint(): HTMLElement {
  const k = (x: string) => h('kbd', null, x);
  return h(
    'div.keys-hint.dim',
    null,
    ...['Keys: ', k('1'), '–', k('0'), ' engine · ', k('Q'), '–', k('I'), ' cards · ', k('Enter'), ' lock in · '],
    ...[k('Esc'), ' revise · ', k('.'), ' skip · ', k(','), ' speed'],
  );
}
