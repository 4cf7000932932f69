// The synced state a test client or a scripted player reads: the room's own schema (output/state.ts), decoded by the
// SDK. A room has its two seats from its creation (MatchRoom.onCreate), so a seat is read by its number.
import type { MatchRoomState, SeatState } from '../src/output/state.js';

export type StateView = Omit<MatchRoomState, 'seats'> & {
  seats: MatchRoomState['seats'] & readonly [SeatState, SeatState];
};
export type { SeatState };
