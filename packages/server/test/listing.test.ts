// The listing coalesces round changes within a running match, but never stays behind it: a trailing write at the end
// of the gap carries the last round, so /api/matches shows the round being played.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Listing, type MatchMetadata } from '../src/output/listing.js';
import { MatchRoomState, SeatState } from '../src/output/state.js';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => void vi.useRealTimers());

function playing(): MatchRoomState {
  const st = new MatchRoomState();
  for (const name of ['Ada', 'Bo']) {
    const s = new SeatState();
    s.taken = true;
    s.name = name;
    s.faction = 'fpa';
    st.seats.push(s);
  }
  st.phase = 'commit';
  st.round = 1;
  return st;
}

it('writes a coalesced round change at the end of the gap, once, and nothing after dispose', () => {
  const writes: MatchMetadata[] = [];
  const listing = new Listing((m) => void writes.push(m));
  const st = playing();
  listing.update(st);
  expect(writes.map((w) => w.round)).toEqual([1]);
  st.phase = 'resolving';
  listing.update(st);
  st.phase = 'commit';
  st.round = 2;
  listing.update(st);
  expect(writes).toHaveLength(1); // coalesced
  vi.advanceTimersByTime(5000);
  expect(writes.map((w) => [w.phase, w.round])).toEqual([
    ['commit', 1],
    ['commit', 2],
  ]);
  vi.advanceTimersByTime(60_000);
  expect(writes).toHaveLength(2);
  // A change the lobby needs at once (a spectator) is written at once; a pending trailing write dies with the room.
  st.spectators = 1;
  listing.update(st);
  expect(writes.at(-1)).toMatchObject({ spectators: 1, round: 2 });
  st.round = 3;
  listing.update(st);
  listing.dispose();
  vi.advanceTimersByTime(10_000);
  expect(writes.at(-1)!.round).toBe(2);
});

it('writes nothing for an update that changes nothing listed, and a waiting change still goes at the gap end', () => {
  const writes: MatchMetadata[] = [];
  const listing = new Listing((m) => void writes.push(m));
  const st = playing();
  listing.update(st);
  listing.update(st);
  expect(writes).toHaveLength(1);
  st.round = 2;
  listing.update(st);
  listing.update(st); // the same again while the change waits
  vi.advanceTimersByTime(4000);
  listing.update(st);
  expect(writes).toHaveLength(1);
  vi.advanceTimersByTime(1000);
  expect(writes.map((w) => w.round)).toEqual([1, 2]);
  listing.update(st);
  vi.advanceTimersByTime(10_000);
  expect(writes).toHaveLength(2);
  // A seat's change after updates that changed nothing is written at once.
  st.seats[1]!.faction = 'lamais';
  listing.update(st);
  expect(writes.at(-1)!.factions).toEqual(['fpa', 'lamais']);
});
