// How the player points: a finger on a touch screen or a mouse. The board zooms asked-for hexes to tap size for a
// finger, and the prompts say "tap" or "click" as the player would do it.

/** A touch screen's finger, not a mouse. */
export const coarsePointer = (): boolean => globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;

/** "tap" on a touch screen, else "click"; `Tap` / `Click` at the start of a sentence. */
export function pointVerb(start = false): string {
  const verb = coarsePointer() ? 'tap' : 'click';
  return start ? `${verb[0]!.toUpperCase()}${verb.slice(1)}` : verb;
}
