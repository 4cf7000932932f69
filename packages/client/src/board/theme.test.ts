// The two seats' colours stay apart for colour-blind players. Each pairing of factions is simulated for
// protanopia, deuteranopia (Viénot, Brettel & Mollon 1999) and tritanopia (Brettel 1997, one-plane approximation) and
// the two colours must differ by at least MIN_DE (CIE76 ΔE in CIELAB) under each, as well as for normal vision.
import { FACTION_IDS, type FactionId } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { css, seatColour, THEIRS, THEME, YOURS } from './theme.js';

type RGB = [number, number, number];
const MIN_DE = 30;

const lin = (n: number) => {
  const c = n / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const rgb = (n: number): RGB => [lin((n >> 16) & 255), lin((n >> 8) & 255), lin(n & 255)];
const mul = (m: number[][], v: RGB): RGB => m.map((r) => r[0]! * v[0] + r[1]! * v[1] + r[2]! * v[2]) as RGB;

const SIM: Record<string, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function lab(v: RGB): RGB {
  const c = v.map((x) => Math.min(1, Math.max(0, x))) as RGB;
  const X = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047;
  const Y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  const Z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

const deltaE = (a: RGB, b: RGB) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('seat colours for colour-blind players', () => {
  it('every pairing of factions stays apart under each kind of colour blindness', () => {
    for (const f0 of FACTION_IDS)
      for (const f1 of FACTION_IDS) {
        const pair: [FactionId, FactionId] = [f0, f1];
        const [a, b] = [rgb(seatColour(pair, 0)), rgb(seatColour(pair, 1))];
        for (const [kind, m] of Object.entries(SIM)) {
          const de = deltaE(lab(mul(m, a)), lab(mul(m, b)));
          expect(de, `${f0} vs ${f1}, ${kind}: ΔE ${de.toFixed(1)}`).toBeGreaterThanOrEqual(MIN_DE);
        }
      }
  });
});

describe('launch highlights', () => {
  it('stand apart from both seats’ colours (yours and the opponent’s) under each kind of colour blindness', () => {
    for (const seat of [YOURS, THEIRS])
      for (const [kind, m] of Object.entries(SIM)) {
        const de = deltaE(lab(mul(m, rgb(THEME.launch))), lab(mul(m, rgb(seat))));
        expect(de, `launch vs ${css(seat)}, ${kind}: ΔE ${de.toFixed(1)}`).toBeGreaterThanOrEqual(MIN_DE);
      }
  });
});

describe("a player's own colour", () => {
  it('is the same whatever the factions: your warship blue, the opponent orange; a spectator sees the factions', () => {
    for (const f0 of FACTION_IDS)
      for (const f1 of FACTION_IDS)
        for (const you of [0, 1] as const) {
          expect(seatColour([f0, f1], you, you)).toBe(YOURS);
          expect(seatColour([f0, f1], you === 0 ? 1 : 0, you)).toBe(THEIRS);
        }
    expect(seatColour(['lamais', 'fpa'], 0)).toBe(THEIRS);
  });
});
