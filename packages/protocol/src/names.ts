// Player names: what any client typed becomes a name that is safe to show to everyone else. Without control
// characters (NUL, newlines, escapes), line separators or default-ignorable code points (zero-width spaces and
// joiners, word joiner, BOM, bidi marks/overrides/isolates that would flip the text around them, Hangul fillers, tag
// characters...), which would let "A\u200Bda" pass for "Ada"; NFC-normalised; whitespace runs become one space; at
// most 24 user-perceived characters (graphemes, so an emoji or an accented letter counts once, never cut in half).

export const NAME_MAX_GRAPHEMES = 24;
/** A name longer than this (UTF-16 units) before cleaning is not a name: refused rather than cleaned. */
export const NAME_MAX_INPUT = 256;

// Cc: C0/C1 controls incl. NUL, tab, newlines. Zl/Zp: line/paragraph separators.
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
// Inside an emoji the few ignorables that draw it stay: a joiner between two pictographs (a family), a presentation
// selector right after one, the tag characters of a subdivision flag (U+1F3F4 + tags + cancel tag).
const EMOJI_PARTS =
  /(\u200D(?=\p{Extended_Pictographic}))|((?<=\p{Extended_Pictographic})[\uFE0E\uFE0F])|((?<=\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0020}-\u{E007F}])|\p{Default_Ignorable_Code_Point}/gu;
const SPACES = /[\s\u00A0\u3000]+/gu;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `s` without its invisible code points (the parts of an emoji sequence excepted). */
export function stripIgnorable(s: string): string {
  let out = '';
  for (const { segment } of segmenter.segment(s.replace(CONTROLS, '')))
    out += PICTOGRAPH.test(segment)
      ? segment.replace(
          EMOJI_PARTS,
          (_all, joiner?: string, selector?: string, tag?: string) => joiner ?? selector ?? tag ?? '',
        )
      : segment.replace(IGNORABLE, '');
  return out;
}

/** The cleaned name ('' when nothing showable is left: the caller refuses it or picks the default). */
export function sanitizeName(raw: string): string {
  const clean = stripIgnorable(raw).normalize('NFC').replace(SPACES, ' ').trim();
  let out = '';
  let n = 0;
  for (const { segment } of segmenter.segment(clean)) {
    if (n++ === NAME_MAX_GRAPHEMES) break;
    out += segment;
  }
  return out.trim();
}
