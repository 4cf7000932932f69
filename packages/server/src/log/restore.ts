// A room rebuilt from its write-ahead log (input-log.ts): after a crash or a shutdown, this process (the
// same one restarted, or another one taking over a dead one's rooms: scale/lease-takeover.ts) creates the room under
// the same room id and replays every logged input through the same code as the live room — the engine is
// deterministic, so the match comes back exactly: same phase, same board, locked seats locked with their commitments
// sealed, the same prompt open. Then its timers move on by the downtime, its seats wait for their players' old tokens
// (by hash), and the room goes back into the listing as it was.
import { matchMaker } from '@colyseus/core';
import type { Logger } from 'pino';
import type { JoinOptions } from '@star-eater/protocol';
import { reclaimRoom } from '../colyseus-internals.js';
import { roomDeps } from '../deps.js';
import { computerName } from '../match/computer.js';
import { settingsOf } from '../match/settings.js';
import type { ClaimedRoom } from '../storage/types.js';
import type { Input } from './input-log.js';
import type { RoomParts } from '../room/room-parts.js';

const RESTORE = '__restore';
const claims = new Map<string, ClaimedRoom>();

/** What a room is built from: the claimed log it rebuilds, if any, its creator's join options and its kept settings. */
export interface RoomCreation {
  claim: ClaimedRoom | null;
  join: unknown;
  /** The settings the log kept (match/settings.ts restoreSettings); null for a new room or an older log. */
  settings: unknown;
}

/** onCreate's options: a claimed log to rebuild (the options name it; the log itself stays here), or a new room's. */
export function roomCreation(options: unknown): RoomCreation {
  const id = (options as Record<string, unknown> | null)?.[RESTORE];
  const claim = typeof id === 'string' ? (claims.get(id) ?? null) : null;
  if (typeof id === 'string') claims.delete(id);
  if (!claim) return { claim: null, join: options, settings: null };
  const saved = savedOptions(claim.options);
  return { claim, join: saved.join, settings: saved.settings };
}

/** Creates the room of a claimed log in this process, under its room id. */
export async function restoreRoom(claim: ClaimedRoom, log: Logger): Promise<void> {
  claims.set(claim.roomId, claim);
  reclaimRoom(claim.roomId); // given up here once (lease.ts), it is this process' again
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

/**
 * The room's log once the room is built: a claimed one replayed, then resumed (afterRestore); or a new one opened
 * with the creator's options (with a private room's invite) and the settings they gave here (a quick match's timers
 * are this process' defaults), a practice match's computer its first input (a restore seats it again by replaying it).
 */
export async function beginLog(room: RoomParts, claim: ClaimedRoom | null, join: JoinOptions): Promise<void> {
  if (claim) {
    replay(room, claim);
    await afterRestore(room, claim);
    // Its seats wait for their players' tokens as long as their budgets last (RULES §7), not the 10 s Colyseus
    // gives an empty new room: disposed, the room would drop its log, and the match with it.
    room.autoDispose = room.seats.restored.size === 0;
    return;
  }
  const options: SavedOptions = { join, settings: settingsOf(room.state.settings) };
  await room.journal.open(options);
  if (join.bot) await room.write({ k: 'computer', seat: 1, level: join.bot, name: computerName(join.bot) });
}

/** What the log keeps of a room's creation (beginLog). */
export interface SavedOptions {
  /** The creator's join options (with a private room's invite). */
  join: unknown;
  /** The room's settings (match/settings.ts settingsOf). */
  settings: unknown;
}

/** A claimed log's creation options; a log written before the settings were kept has the join options alone. */
function savedOptions(options: unknown): SavedOptions {
  const o = options as Partial<SavedOptions> | null;
  return o && typeof o === 'object' && 'join' in o
    ? { join: o.join, settings: o.settings ?? null }
    : { join: options, settings: null };
}

/** Replays the log through the room (nothing is sent, stored or logged meanwhile). */
function replay(room: RoomParts, claim: ClaimedRoom): void {
  room.journal.replaying = true;
  try {
    for (const e of claim.entries) {
      // As live: a message whose handling threw was refused there too, after whatever it had changed.
      room.journal.wal.run(e.at, () => {
        try {
          room.apply(e.entry as Input);
        } catch (err) {
          if ((e.entry as Input).k !== 'msg') throw err;
        }
      });
    }
  } finally {
    room.journal.replaying = false;
  }
  const last = claim.entries.at(-1);
  room.journal.wal.continueAfter(last?.seq ?? 0, last?.at ?? claim.createdAt);
}

/**
 * After the replay: the downtime is given back to every timer (a deadline resumes with the time it had left when the
 * process was last known alive), the seats whose players were connected are held for them (their reconnection budget,
 * RULES §7), and the room goes back into the listing as it was.
 */
async function afterRestore(room: RoomParts, claim: ClaimedRoom): Promise<void> {
  const now = room.clockNow();
  const aliveAt = Math.max(claim.ownerAliveAt, room.journal.wal.lastAt);
  await room.write({ k: 'resume', shift: Math.max(0, now - aliveAt) });
  for (const seat of [0, 1] as const) {
    const s = room.state.seats[seat]!;
    if (s.taken && s.connected) await room.write({ k: 'drop', seat });
  }
  await storeReplayedResult(room);
  await relist(room);
}

/**
 * A finished match whose result (and record) the crash may have come before: written now, under the id its clients
 * were told. Keyed on the match, the write changes nothing if the first one was made (rated once: player-store.ts),
 * and either way the match is told the stored result, so its end screen says what the match counted for.
 */
async function storeReplayedResult(room: RoomParts): Promise<void> {
  const r = room.journal.replayedResult;
  room.journal.replayedResult = null;
  if (!r) return;
  if (room.state.phase !== 'finished') return r.told(null);
  const { storage, log } = roomDeps();
  const written = await storage.saveResult(r.end, r.saved);
  if (!written.duplicate) log.info({ room: room.roomId, recordId: r.end.matchId }, 'result stored after the restore');
  r.told(written);
}

/** Back in the listing as it was: in matchmaking while waiting for a player, else open to spectators by id. */
async function relist(room: RoomParts): Promise<void> {
  if (room.state.phase === 'waiting') {
    if (!room.state.settings.private) await room.setPrivate(false);
    if (room.state.seats.every((x) => x.taken)) await room.startFirstMatch();
    return;
  }
  await room.setPrivate(true);
}
