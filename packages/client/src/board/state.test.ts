import { describe, expect, it } from 'vitest';
import type { Dir } from '@star-eater/engine';
import { modelFromMatch } from './model.js';
import { createBoardState, setGhost, setHighlights, setTokenGhost, underlayKey, type Highlight } from './state.js';
import { demoState } from '../fixtures/demo.js';

describe('underlayKey (when the renderer redraws the highlight layer)', () => {
  it('does not change while an animation moves pieces and shows effects', () => {
    const s = createBoardState(modelFromMatch(demoState()));
    setHighlights(s, [{ at: { q: 1, r: 2 }, kind: 'move' }]);
    const k = underlayKey(s);
    s.model.ships[0].core = { q: 3.5, r: 4.25 };
    s.beams.push({ from: { q: 0, r: 0 }, to: { q: 2, r: 2 }, seat: 0, t: 0.3 });
    s.floats.push({ at: { q: 1, r: 1 }, text: '−2', colour: 0xff0000, t: 0.5 });
    s.caption = 'Weapons phase';
    expect(underlayKey(s)).toBe(k);
  });

  it('changes when the same highlights array is refilled in place, and with the ghost and the hover', () => {
    const s = createBoardState(modelFromMatch(demoState()));
    const hl: Highlight[] = [{ at: { q: 1, r: 2 }, kind: 'move' }];
    setHighlights(s, hl);
    const k0 = underlayKey(s);
    hl.push({ at: { q: 2, r: 2 }, kind: 'target' });
    const k1 = underlayKey(s);
    expect(k1).not.toBe(k0);
    hl[1] = { at: { q: 2, r: 2 }, kind: 'path' };
    expect(underlayKey(s)).not.toBe(k1);
    const k2 = underlayKey(s);
    setGhost(s, { seat: 0, core: { q: 4, r: 4 }, facing: 'NE' as Dir, path: [{ q: 4, r: 5 }] });
    const k3 = underlayKey(s);
    expect(k3).not.toBe(k2);
    s.hover = { q: 7, r: 1 };
    expect(underlayKey(s)).not.toBe(k3);
  });

  it('changes with a highlight’s seat colour and with the planned squadron’s ghost (place and heading)', () => {
    const s = createBoardState(modelFromMatch(demoState()));
    setHighlights(s, [{ at: { q: 1, r: 2 }, kind: 'launch', seat: 0 }]);
    const k0 = underlayKey(s);
    setHighlights(s, [{ at: { q: 1, r: 2 }, kind: 'launch', seat: 1 }]);
    const k1 = underlayKey(s);
    expect(k1).not.toBe(k0);
    setTokenGhost(s, { seat: 1, at: { q: 3, r: 3 }, facing: null });
    const k2 = underlayKey(s);
    expect(k2).not.toBe(k1);
    setTokenGhost(s, { seat: 1, at: { q: 3, r: 3 }, facing: 'SE' as Dir });
    expect(underlayKey(s)).not.toBe(k2);
    setTokenGhost(s, null);
    expect(underlayKey(s)).toBe(k1);
  });
});
