// Quick match by strength: of the players waiting alone, the newcomer is paired with the closest rating inside the
// waiting player's window, which widens the longer they wait (±100 at once, growing to anyone after 30 s). When
// nobody's window holds the newcomer (or either side has no rating: a guest), pairing goes on as it did before
// ratings: the player who has waited longest first. So a lone waiting player is always paired with the next one,
// and nobody waits longer than without ratings. Pure: http/quick-match.ts reads the waiting rooms and joins.

/** A room with one player waiting for an opponent. */
export interface Waiting {
  roomId: string;
  /** The waiting player's rating (null: a guest). */
  rating: number | null;
  /** How long they have waited, ms. */
  waitedMs: number;
}

export const WINDOW_START = 100;
export const WINDOW_AT_FULL = 500;
/** From this wait on, anyone fits. */
export const WINDOW_OPEN_MS = 30_000;

/** How far from their rating a waiting player accepts an opponent after waiting `waitedMs`. */
export function ratingWindow(waitedMs: number): number {
  if (waitedMs >= WINDOW_OPEN_MS) return Number.POSITIVE_INFINITY;
  return WINDOW_START + ((WINDOW_AT_FULL - WINDOW_START) * Math.max(0, waitedMs)) / WINDOW_OPEN_MS;
}

/**
 * The room to pair a newcomer of `rating` with, closest first (then the longest wait); null: none fits, and
 * quick match's own order (the longest wait) decides.
 */
export function closestFit(rating: number | null, waiting: readonly Waiting[]): string | null {
  if (rating === null) return null;
  let best: { w: Waiting; gap: number } | null = null;
  for (const w of waiting) {
    if (w.rating === null) continue;
    const gap = Math.abs(w.rating - rating);
    if (gap > ratingWindow(w.waitedMs)) continue;
    if (!best || gap < best.gap || (gap === best.gap && w.waitedMs > best.w.waitedMs)) best = { w, gap };
  }
  return best?.w.roomId ?? null;
}
