import { describe, expect, it } from 'vitest';
import { shotLabel } from './prompt-text.js';

describe('shotLabel (never "shot 2 of 1")', () => {
  it('reads the engine’s 1-based shot number as it is', () => {
    expect(shotLabel({ shot: 1, shots: 1 })).toBe('shot 1 of 1');
    expect(shotLabel({ shot: 2, shots: 2 })).toBe('shot 2 of 2');
  });
});
