// Outgoing frames, batched per turn of the event loop (process-wide). A round sends several frames to each client
// (patch, `commitment` echo, `events`, `prompt`, next patch): written one by one, each costs a syscall (`writev`, the
// largest single cost in the server's profile). Here every socket a room writes to is corked on its first frame and
// all are uncorked together once the turn's I/O callbacks are done (setImmediate), so each client gets one write per
// turn. Rooms whose synced state changed without sending anything (joins, drops, timers) are marked and their patch
// goes out in the same pass, before the uncork. The order of a client's frames is unchanged.
//
// One catch: a state patch is written from the room encoder's shared buffer, by reference, and a corked socket holds
// that reference until it is uncorked. So before a room encodes a second patch in the same turn, its sockets are
// flushed first (beforePatch), or the second patch would overwrite the bytes of the first still waiting to go.
// Messages are safe: Colyseus and wire.ts build each message frame in a fresh buffer.
import type { Socket } from 'node:net';
import { ClientState } from '@colyseus/core';

export interface PatchSource {
  /** Sends the pending state patch now, if any. */
  flushPatch(): void;
}

const marked = new Set<PatchSource>();
const corked = new Set<Socket>();
const patched = new Set<PatchSource>();
let scheduled = false;

/** The client's TCP socket (ws-transport keeps the `ws` WebSocket as `ref`, ws keeps its socket as `_socket`). */
function socketOf(client: unknown): Socket | undefined {
  const s = (client as { ref?: { _socket?: Socket } }).ref?._socket;
  return s && typeof s.cork === 'function' ? s : undefined;
}

/**
 * Holds the client's frames until the end of this turn (no-op if the transport has no socket we can cork). Only a
 * joined client: a joining one is about to get the full state, also written by reference from a shared buffer.
 */
export function cork(client: unknown): void {
  if ((client as { state?: number }).state !== ClientState.JOINED) return;
  const s = socketOf(client);
  if (!s || corked.has(s) || s.destroyed) return;
  s.cork();
  corked.add(s);
  schedule();
}

/**
 * Call before the room encodes a patch to `clients`: flushes a patch it already wrote this turn, then corks. Corks in
 * Colyseus' patch order (the last client first), so the sockets are written in the same order as without batching.
 */
export function beforePatch(room: PatchSource, clients: readonly unknown[]): void {
  if (patched.has(room)) {
    for (const c of clients) {
      const s = socketOf(c);
      if (s && corked.delete(s)) s.uncork();
    }
  } else patched.add(room);
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
  patched.clear();
}
