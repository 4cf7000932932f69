import { describe, expect, it } from 'vitest';
import type { RoomState } from '../net/room-state.js';
import { whoseTurn } from './whose-turn.js';

const names: [string, string] = ['Ada', 'Bo'];
const state = (o: Partial<RoomState>, locked: [boolean, boolean] = [false, false]): RoomState =>
  ({
    phase: 'commit',
    turn: -1,
    step: '',
    deadline: 0,
    seats: locked.map((lockedIn) => ({ lockedIn })),
    ...o,
  }) as unknown as RoomState;

describe('whoseTurn (everyone sees whose decision is awaited)', () => {
  it('a commitment window: both, then the one still choosing, from each side', () => {
    expect(whoseTurn(state({}), 0, names).waiting).toBe('both');
    expect(whoseTurn(state({}), null, names).text).toBe('Both players are choosing orders');
    const half = state({}, [true, false]);
    expect(whoseTurn(half, 1, names)).toMatchObject({ waiting: 'you', seat: 1 });
    expect(whoseTurn(half, 0, names)).toMatchObject({ waiting: 'opponent', seat: 1, text: 'Bo is choosing orders' });
    expect(whoseTurn(half, null, names)).toMatchObject({ waiting: 'one', seat: 1, text: 'Bo is choosing orders' });
  });

  it('a prompt for one seat, named by its kind', () => {
    const st = state({ phase: 'resolving', turn: 0, step: 'point-defence' });
    expect(whoseTurn(st, 0, names).text).toBe('You choose a point-defence target');
    expect(whoseTurn(st, 1, names)).toMatchObject({
      waiting: 'opponent',
      text: 'Ada is choosing a point-defence target',
    });
    expect(whoseTurn(st, null, names).waiting).toBe('one');
  });

  it('the timer: seconds left, none while the animations play (the server starts it after them)', () => {
    const now = 1_000_000;
    expect(whoseTurn(state({ deadline: now + 30_000 }), 0, names, now).seconds).toBe(30);
    expect(whoseTurn(state({ deadline: 0, animating: true }), 0, names, now).seconds).toBe(null);
    expect(whoseTurn(state({ deadline: now - 5 }), 0, names, now).seconds).toBe(0);
  });

  it('nobody: resolving without a prompt, and the end', () => {
    expect(whoseTurn(state({ phase: 'resolving', turn: -1 }), 0, names).waiting).toBe('none');
    expect(whoseTurn(state({ phase: 'finished' }), null, names).text).toBe('The match is over');
  });
});
