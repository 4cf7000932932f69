import { describe, expect, it } from 'vitest';
import { NAME_MAX_GRAPHEMES, sanitizeName } from './names.js';

describe('sanitizeName', () => {
  it('strips controls, bidi characters and line breaks, and collapses whitespace', () => {
    expect(sanitizeName('\u202EAda\u202C\u0000 \n\t Lovelace\u2028')).toBe('Ada Lovelace');
    expect(sanitizeName('\u2067evil\u2069\u200F')).toBe('evil');
    expect(sanitizeName('   ')).toBe('');
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
