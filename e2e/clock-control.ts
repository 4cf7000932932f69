// The e2e server's room clocks, driven from a test (the harness' advanceClock, over HTTP): a timer runs out when the
// test says so, not after real seconds. Only serve.ts starts it, on its own port on 127.0.0.1: the game server has no
// such door. `POST /advance?room=<id>&ms=<n>` moves that room's clock on by n ms and ticks it (its due timers fire).
import { createServer, type Server } from 'node:http';
import type { MatchRoom } from '../packages/server/src/room/MatchRoom.js';
import { setClockOffset, tickClock } from '../packages/server/src/colyseus-internals.js';

const rooms = new Map<string, MatchRoom>();
const offsets = new WeakMap<MatchRoom, number>();

/** GameServerOptions.onRoom: every room is known by its id (kept after it closes: a test server lives minutes). */
export function trackRoom(room: MatchRoom): void {
  rooms.set(room.roomId, room);
}

export function startClockControl(port: number): Server {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const room = rooms.get(url.searchParams.get('room') ?? '');
    const ms = Number(url.searchParams.get('ms'));
    if (req.method !== 'POST' || url.pathname !== '/advance' || !room || !Number.isInteger(ms) || ms <= 0) {
      res
        .writeHead(400)
        .end(`expected POST /advance?room=<a live room>&ms=<whole ms > 0>, got ${req.method} ${req.url}`);
      return;
    }
    const offset = (offsets.get(room) ?? 0) + ms;
    offsets.set(room, offset);
    setClockOffset(room.clock, offset);
    tickClock(room.clock);
    res.writeHead(200).end('ok');
  });
  server.listen(port, '127.0.0.1');
  return server;
}
