// Which running timer waits for this page (the one it is warned about at ten seconds left), for each timer kind.
import { describe, expect, it } from 'vitest';
import type { RoomState } from '../net/room-state.js';
import { timerIsMine } from './time-warning.js';

const state = (o: Partial<RoomState>, seats: { lockedIn?: boolean; munitions?: number[] }[] = [{}, {}]): RoomState =>
  ({
    phase: 'commit',
    turn: -1,
    step: '',
    deadline: 1_000_000,
    seats: seats.map((s) => ({ lockedIn: false, munitions: [], ...s })),
    ...o,
  }) as unknown as RoomState;

describe('the timer that waits for this page', () => {
  it('the faction choice and the commitment window: each seat until it has chosen or locked in', () => {
    for (const phase of ['factions', 'commit']) {
      const st = state({ phase }, [{ lockedIn: true }, {}]);
      expect(timerIsMine(st, 0)).toBe(false);
      expect(timerIsMine(st, 1)).toBe(true);
      expect(timerIsMine(st, null)).toBe(false);
    }
  });

  it('a prompt, a draft pick or swap: the seat asked; munitions: each seat until it has placed its own', () => {
    expect(timerIsMine(state({ phase: 'resolving', turn: 1, step: 'fighter' }), 1)).toBe(true);
    expect(timerIsMine(state({ phase: 'resolving', turn: 1, step: 'fighter' }), 0)).toBe(false);
    expect(timerIsMine(state({ phase: 'draft', turn: 0, step: 'pick' }), 0)).toBe(true);
    expect(timerIsMine(state({ phase: 'draft', turn: 0, step: 'swap' }), 1)).toBe(false);
    const munitions = state({ phase: 'draft', turn: -1, step: 'munitions' }, [{ munitions: [2, 1, 1] }, {}]);
    expect(timerIsMine(munitions, 0)).toBe(false);
    expect(timerIsMine(munitions, 1)).toBe(true);
  });

  it('no timer while none runs or the room waits for the animations', () => {
    expect(timerIsMine(state({ deadline: 0 }), 0)).toBe(false);
    expect(timerIsMine(state({ animating: true }), 0)).toBe(false);
    expect(timerIsMine(state({ phase: 'finished' }), 0)).toBe(false);
  });
});
