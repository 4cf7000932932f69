// The end screen's rating line: what the match did to your rating (rated: the new rating with its provisional mark,
// the change, the one before), why it was casual, or that it was aborted; from the server's `rated` message, which
// comes once the result is stored.
import type { SeatResult } from '@star-eater/protocol';
import { ratingText } from '../net/player-api.js';
import { h, replace } from '../ui/dom.js';
import { CASUAL_BECAUSE, ratingChange } from './game-list.js';
import { profileHash } from './player-link.js';

/** The line, waiting for the result until `fillEndRating` is given it. */
export function endRating(): HTMLElement {
  return h('p.end-rating', { id: 'end-rating', role: 'status' }, h('span.spinner'), ' Rating…');
}

function sentence(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Fills the line from your seat's result (null: the match did not count for you: no session). */
export function fillEndRating(el: HTMLElement, r: SeatResult | null): void {
  replace(el, ...lineOf(r));
}

function lineOf(r: SeatResult | null): (HTMLElement | string)[] {
  if (!r) return [h('span.dim', null, 'Unrated: you played as a guest.')];
  const profile = h('a', { href: profileHash(r.playerId), id: 'end-profile' }, 'Your profile');
  if (r.result === 'aborted') {
    return [h('span.dim', { id: 'end-rating-casual' }, 'Aborted before round 1 resolved: unrated. '), profile];
  }
  if (!r.rated || r.ratingBefore === null || r.ratingAfter === null) {
    const why = (r.casualBecause && CASUAL_BECAUSE[r.casualBecause]) || 'a casual match: your rating is unchanged';
    return [h('span.dim', { id: 'end-rating-casual' }, `${sentence(why)} `), profile];
  }
  return [
    'Rating ',
    // The provisional mark as the profile shows it (the server's verdict on the new deviation).
    h('b#end-rating-after', null, `${Math.round(r.ratingAfter)}${r.provisional ? '?' : ''}`),
    ' ',
    ratingChange(r.ratingBefore, r.ratingAfter, 'end-rating-delta'),
    h('span.dim', null, ` from ${ratingText(r.ratingBefore, 0)} · `),
    profile,
  ];
}
