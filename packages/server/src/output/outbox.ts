// Outgoing frames, batched per turn of the event loop (process-wide). A round sends several frames to each client
// (patch, `commitment` echo, `events`, `prompt`, next patch): written one by one, each costs a syscall (`writev`, the
// largest single cost in the server's profile). Here every socket a room writes to is corked on its first frame and
// all are uncorked together once the turn's I/O callbacks are done (setImmediate), so each client gets one write per
// turn. Rooms whose synced state changed without sending anything (joins, drops, timers) are marked and their patch
// goes out in the same pass, before the uncork. The order of a client's frames is unchanged.
//
// One catch: Colyseus encodes every state patch into the room encoder's one shared buffer (and the full state into
// another reused buffer) and hands ws a view of it, which a socket keeps by reference for as long as the bytes wait
// to go: corked until the end of the turn, or longer on a slow connection (a busy browser tab, a full TCP window:
// Node queues the chunk, it does not copy it). The next patch would then overwrite the bytes of the previous one still
// waiting, and the client decodes garbage ("field not defined at index …", then no more updates). ownStateFrames() makes
// every patch and full state a copy of its own; a patch is tens to hundreds of bytes, copied once for all clients.
// With frames of their own, a second patch in the same turn simply queues behind the first on the corked socket.
// Messages are safe: Colyseus and wire.ts build each message frame in a fresh buffer. (ownStateFrames, with the other
// uses of Colyseus internals, is in colyseus-internals.ts.)
import type { Socket } from 'node:net';
import { ClientState } from '@colyseus/core';
import { clientSocket } from '../colyseus-internals.js';

export interface PatchSource {
  /** Sends the pending state patch now, if any. */
  flushPatch(): void;
}

const marked = new Set<PatchSource>();
const corked = new Set<Socket>();
let scheduled = false;

/**
 * Holds the client's frames until the end of this turn (no-op if the transport has no socket we can cork). Only a
 * joined client: a joining one gets nothing written now (Colyseus queues its messages until its handshake, then
 * writes its full state and the queue at once).
 */
export function cork(client: unknown): void {
  if ((client as { state?: number }).state !== ClientState.JOINED) return;
  const s = clientSocket(client);
  if (!s || corked.has(s) || s.destroyed) return;
  s.cork();
  corked.add(s);
  schedule();
}

/**
 * Call before the room encodes a patch to `clients`. Corks in Colyseus' patch order (the last client first), so the
 * sockets are written in the same order as without batching.
 */
export function beforePatch(clients: readonly unknown[]): void {
  for (let i = clients.length - 1; i >= 0; i--) cork(clients[i]);
}

/** The room's state may have changed: send its patch at the end of this turn. */
export function markChanged(room: PatchSource): void {
  marked.add(room);
  schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(drain);
}

function drain(): void {
  scheduled = false;
  for (const room of marked) {
    marked.delete(room);
    try {
      room.flushPatch();
    } catch {
      // A disposed room: nothing to send.
    }
  }
  for (const s of corked) s.uncork();
  corked.clear();
}
