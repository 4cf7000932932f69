// Admission (seats/admission.ts): who may take a seat or watch, and the words of each refusal.
import { describe, expect, it } from 'vitest';
import { Admission } from '../src/seats/admission.js';

const open = { phase: 'waiting', seatsTaken: [false, false], spectators: 0, maxSpectators: 2 };
const live = { phase: 'commit', seatsTaken: [true, true], spectators: 0, maxSpectators: 2 };

describe('admission', () => {
  it('a private room: the first private join is the creator; then only the invite takes the other seat', () => {
    const a = new Admission(true);
    expect(a.invite).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 bytes = 144 bits
    expect(a.authorise({ name: 'Ada', private: true }, open)).toEqual({ role: 'player', name: 'Ada', creator: true });
    const one = { ...open, seatsTaken: [true, false] };
    expect(() => a.authorise({ name: 'Bo', private: true }, one)).toThrow('a wrong or missing invite code');
    expect(() => a.authorise({ name: 'Bo' }, one)).toThrow('a wrong or missing invite code');
    // One character off (never the one it had: the code is random, and could end in the replacement).
    const last = a.invite!.at(-1) === 'x' ? 'y' : 'x';
    expect(() => a.authorise({ name: 'Bo', invite: `${a.invite!.slice(0, -1)}${last}` }, one)).toThrow(
      'a wrong or missing invite code',
    );
    expect(a.authorise({ name: 'Bo', invite: a.invite! }, one)).toEqual({ role: 'player', name: 'Bo', creator: false });
  });

  it('watching: not before the match starts, a private one needs the invite, and up to the limit', () => {
    const pub = new Admission(false);
    expect(pub.invite).toBeNull();
    expect(() => pub.authorise({ spectate: true }, open)).toThrow('nothing to watch');
    expect(pub.authorise({ spectate: true }, live)).toEqual({ role: 'spectator', name: 'Captain', creator: false });
    expect(() => pub.authorise({ spectate: true }, { ...live, spectators: 2 })).toThrow(
      'as many spectators as it can take',
    );
    const priv = new Admission(true);
    expect(() => priv.authorise({ spectate: true }, live)).toThrow('watching it needs its invite code');
    expect(priv.authorise({ spectate: true, invite: priv.invite! }, live).role).toBe('spectator');
  });

  it('a full room and malformed options are refused by name', () => {
    const pub = new Admission(false);
    expect(() => pub.authorise({ name: 'Cy' }, live)).toThrow('the match is full');
    expect(() => pub.authorise({ name: 42 }, open)).toThrow(/name/);
  });
});
