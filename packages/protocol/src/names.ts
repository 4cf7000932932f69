// Player names: what any client typed becomes a name that is safe to show to everyone else. NFC-normalised,
// without control characters (NUL, newlines, escapes), bidi overrides/isolates/marks (which would flip the text
// around it) or line separators; whitespace runs become one space; at most 24 user-perceived characters (graphemes,
// so an emoji or an accented letter counts once and is never cut in half).

export const NAME_MAX_GRAPHEMES = 24;
/** A name longer than this (UTF-16 units) before cleaning is not a name: refused rather than cleaned. */
export const NAME_MAX_INPUT = 256;

// Cc: C0/C1 controls incl. NUL, tab, newlines. Bidi: ALM, LRM, RLM, LRE..RLO, LRI..PDI. Zl/Zp: line/para separators.
const STRIP = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\p{Zl}\p{Zp}]/gu;
const SPACES = /[\s\u00A0\u3000]+/gu;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The cleaned name ('' when nothing showable is left: the caller picks the default). */
export function sanitizeName(raw: string): string {
  const clean = raw.normalize('NFC').replace(STRIP, '').replace(SPACES, ' ').trim();
  let out = '';
  let n = 0;
  for (const { segment } of segmenter.segment(clean)) {
    if (n++ === NAME_MAX_GRAPHEMES) break;
    out += segment;
  }
  return out.trim();
}
