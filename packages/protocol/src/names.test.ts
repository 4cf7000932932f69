import { describe, expect, it } from 'vitest';
import { parseJoinOptions } from './index.js';
import { nameSkeleton, namesLookAlike } from './name-skeleton.js';
import { NAME_MAX_GRAPHEMES, sanitizeName } from './names.js';

describe('sanitizeName', () => {
  it('strips controls, bidi characters and line breaks, and collapses whitespace', () => {
    expect(sanitizeName('\u202EAda\u202C\u0000 \n\t Lovelace\u2028')).toBe('Ada Lovelace');
    expect(sanitizeName('\u2067evil\u2069\u200F')).toBe('evil');
    expect(sanitizeName('   ')).toBe('');
  });

  it('strips zero-width and other default-ignorable characters, so a look-alike of "Ada" is "Ada"', () => {
    for (const ch of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\u180E', '\uFE0F'])
      expect(sanitizeName(`A${ch}da`), `U+${ch.codePointAt(0)!.toString(16)}`).toBe('Ada');
    for (const ch of ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202D', '\u2066', '\u2067', '\u2068'])
      expect(sanitizeName(`A${ch}da`), `U+${ch.codePointAt(0)!.toString(16)}`).toBe('Ada');
    expect(sanitizeName('Ada\u{E0041}\u{E007F}')).toBe('Ada'); // tag characters outside a flag
    expect(sanitizeName('\u3164Ada\u115F')).toBe('Ada'); // Hangul fillers: blank yet not spaces
    expect(sanitizeName('e\u200B\u0301')).toBe('\u00e9'); // what was split by the invisible one composes again
  });

  it('a name of only invisible characters is empty (a join refuses it, below)', () => {
    expect(sanitizeName('\u200B\u2060\uFEFF\u202E\u2066\u200F')).toBe('');
    expect(sanitizeName('\u3164')).toBe('');
  });

  it('keeps the joiners and selectors an emoji is drawn with', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(sanitizeName(family)).toBe(family);
    expect(sanitizeName('\u2764\uFE0F')).toBe('\u2764\uFE0F');
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(sanitizeName(england)).toBe(england);
    expect(sanitizeName('\u{1F600}\u200D\u200D\u200B')).toBe('\u{1F600}'); // a joiner joining nothing
  });

  it('normalises to NFC', () => {
    expect(sanitizeName('Zoe\u0301')).toBe('Zo\u00e9');
  });

  it('keeps at most 24 graphemes, never cutting one in half', () => {
    expect(sanitizeName('x'.repeat(40))).toHaveLength(NAME_MAX_GRAPHEMES);
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // one grapheme, 8 UTF-16 units
    const long = family.repeat(30);
    const cut = sanitizeName(long);
    expect([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(cut)]).toHaveLength(24);
    expect(cut).toBe(family.repeat(24));
  });
});

describe('join options: name', () => {
  it('is cleaned, and refused by name when nothing showable is left', () => {
    const ok = parseJoinOptions({ name: 'A\u200Bda\uFEFF' });
    expect(ok).toEqual({ ok: true, value: { name: 'Ada' } });
    for (const name of ['\u200B\u2060\uFEFF', '\u202E\u2066\u2069', '  ', '']) {
      const r = parseJoinOptions({ name });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toBe(`join options: name: ${NOTHING_LEFT}`);
    }
  });
});
const NOTHING_LEFT =
  'nothing showable is left once spaces, controls and invisible characters (zero-width, bidi) are removed; leave it out for the default';

describe('nameSkeleton (Unicode TS #39 confusable detection)', () => {
  it('gives look-alike names one skeleton', () => {
    expect(namesLookAlike('Ada', '\u0410d\u0430')).toBe(true); // Cyrillic A and a
    expect(namesLookAlike('paypal', '\u0440\u0430y\u0440\u0430l')).toBe(true);
    expect(namesLookAlike('modern', 'rnodern')).toBe(true); // m and r+n
    expect(namesLookAlike('Ada', 'A\u200Bda')).toBe(true); // ignorables do not count
    expect(namesLookAlike('Zo\u00e9', 'Zoe\u0301')).toBe(true); // composed or not
    expect(namesLookAlike('l1I', 'lll')).toBe(true);
  });

  it('keeps different names apart', () => {
    expect(namesLookAlike('Ada', 'Bob')).toBe(false);
    expect(namesLookAlike('Ada', 'Adam')).toBe(false);
    expect(namesLookAlike('Zoe', 'Zo\u00e9')).toBe(false);
    expect(nameSkeleton('Ada')).toBe('Ada');
  });
});
