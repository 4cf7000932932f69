// A room rebuilt from its write-ahead log (issue 11; input-log.ts): after a crash or a shutdown, this process (the
// same one restarted, or another one taking over a dead one's rooms: scale/takeover.ts) creates the room under the
// same room id and replays every logged input through the same code as the live room — the engine is deterministic,
// so the match comes back exactly: same phase, same board, locked seats locked with their commitments sealed, the
// same prompt open. Then its timers move on by the downtime, its seats wait for their players' old tokens (by hash),
// and the room goes back into the listing as it was.
import { matchMaker } from '@colyseus/core';
import type { Seat } from '@star-eater/engine/types';
import type { Logger } from 'pino';
import type { ClaimedRoom } from '../storage/types.js';
import type { Input } from './input-log.js';
import type { MatchRoom } from './MatchRoom.js';

/** A seat of a restored room that waits for its player: the hash of the last token it was given. */
export interface RestoredSeat {
  seat: Seat;
  tok: string;
  /** The token itself, once a client showed it (to drop its reservation once it is back). */
  raw?: string;
}

const RESTORE = '__restore';
const claims = new Map<string, ClaimedRoom>();

/** The claimed log onCreate was asked to rebuild, if any (the options name it; the log itself stays here). */
export function restoreClaim(options: unknown): ClaimedRoom | null {
  const id = (options as Record<string, unknown> | null)?.[RESTORE];
  if (typeof id !== 'string') return null;
  const c = claims.get(id) ?? null;
  claims.delete(id);
  return c;
}

/** Creates the room of a claimed log in this process, under its room id. */
export async function restoreRoom(claim: ClaimedRoom, log: Logger): Promise<void> {
  claims.set(claim.roomId, claim);
  try {
    // The dead process' entry in a shared listing (Redis) would make Colyseus discard the room as a duplicate.
    await matchMaker.driver.remove(claim.roomId);
    // handleCreateRoom: this process, not the one matchmaking would pick (createRoom).
    await matchMaker.handleCreateRoom('match', { [RESTORE]: claim.roomId });
    log.info({ room: claim.roomId, inputs: claim.entries.length }, 'match restored from its log');
  } finally {
    claims.delete(claim.roomId);
  }
}

/** Replays the log through the room (nothing is sent, stored or logged meanwhile). */
export function replay(room: MatchRoom, claim: ClaimedRoom): void {
  room.replaying = true;
  try {
    for (const e of claim.entries) {
      // As live: a message whose handling threw was refused there too, after whatever it had changed.
      room.wal.run(e.at, () => {
        try {
          room.apply(e.entry as Input);
        } catch (err) {
          if ((e.entry as Input).k !== 'msg') throw err;
        }
      });
    }
  } finally {
    room.replaying = false;
  }
  const last = claim.entries.at(-1);
  room.wal.continueAfter(last?.seq ?? 0, last?.at ?? claim.createdAt);
}

/**
 * After the replay: the downtime is given back to every timer (a deadline resumes with the time it had left when the
 * process was last known alive), the seats whose players were connected are held for them (their reconnection budget,
 * RULES §7), and the room goes back into the listing as it was.
 */
export async function afterRestore(room: MatchRoom, claim: ClaimedRoom): Promise<void> {
  const now = room.clockNow();
  const aliveAt = Math.max(claim.ownerAliveAt, room.wal.lastAt);
  await room.write({ k: 'resume', shift: Math.max(0, now - aliveAt) });
  for (const seat of [0, 1] as const) {
    const s = room.state.seats[seat]!;
    if (s.taken && s.connected) await room.write({ k: 'drop', seat });
  }
  await room.storeReplayedRecord();
  await room.relist();
}
