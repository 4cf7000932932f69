// The Colyseus internals the server relies on (src/colyseus-internals.ts) were read in exact versions: the installed
// packages must be those versions, pinned without a range, and every internal must still have the shape used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import {
  abandonRoom,
  clientSocket,
  clockNow,
  COLYSEUS_VERSIONS,
  freshSeatReservation,
  reclaimRoom,
  sdkSocket,
  stateHasChanges,
} from '../src/colyseus-internals.js';
import { quickMatch, serverForFile, serverRoom } from './harness.js';

const here = dirname(new URL(import.meta.url).pathname);
const serverPkg = JSON.parse(readFileSync(join(here, '../package.json'), 'utf8'));
const clientPkg = JSON.parse(readFileSync(join(here, '../../client/package.json'), 'utf8'));

/** The version of a package as installed for `fromPackage` (its package.json, found through node's resolution). */
function installed(name: string, fromPackage: string): string {
  const req = createRequire(join(here, '..', '..', fromPackage, 'package.json'));
  let dir = dirname(req.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === name) return pkg.version;
    } catch {
      /* not the package root yet */
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
}

it('every Colyseus package is pinned to the exact version the internals were checked against, and installed', () => {
  for (const [name, version] of Object.entries(COLYSEUS_VERSIONS)) {
    const declared = serverPkg.dependencies[name] ?? serverPkg.devDependencies[name];
    expect(declared, `packages/server/package.json pins ${name}`).toBe(version);
    expect(installed(name, 'server'), `installed ${name}`).toBe(version);
  }
  expect(clientPkg.dependencies['@colyseus/sdk'], 'packages/client/package.json pins the SDK').toBe(
    COLYSEUS_VERSIONS['@colyseus/sdk'],
  );
  expect(installed('@colyseus/sdk', 'client')).toBe(COLYSEUS_VERSIONS['@colyseus/sdk']);
});

const server = serverForFile();

it('the internals have the shape used: room clock, serializer flag, client socket, SDK socket and dispatch', async () => {
  const a = await quickMatch(server.get(), 'Shape');
  server.open.push(a);
  const room = serverRoom(a.room.roomId);
  const t = clockNow(room.clock);
  expect(Math.abs(t - Date.now())).toBeLessThan(60_000); // epoch milliseconds, as the clients read deadlines
  const ser = (room as unknown as { _serializer: { encoder: { hasChanges: unknown } } })._serializer;
  expect(typeof ser.encoder.hasChanges).toBe('boolean');
  expect(typeof stateHasChanges(room)).toBe('boolean');
  const socket = clientSocket(room.clients[0]);
  expect(socket && typeof socket.cork).toBe('function');
  expect(sdkSocket(a.room).readyState).toBe(1);
  expect(a.of('welcome')).toHaveLength(1); // recorded through the tapped dispatch
  // The room door's (http/room-door.ts): reservations by session id, and the route's reconnection check.
  const seats = room as unknown as { _reservedSeats: object; checkReconnectionToken: unknown };
  expect(typeof seats._reservedSeats).toBe('object');
  expect(typeof seats.checkReconnectionToken).toBe('function');
  expect(freshSeatReservation(a.room.roomId, a.room.sessionId)).toBe(false); // claimed by its socket
});

it("rooms share the state encoding buffers, and a room's cached full state is its own", async () => {
  // Quick match pairs the first two players: the third one opens a second room.
  const a = await quickMatch(server.get(), 'Cache');
  const paired = await quickMatch(server.get(), 'Pair');
  const b = await quickMatch(server.get(), 'Other');
  server.open.push(a, paired, b);
  expect(b.room.roomId).not.toBe(a.room.roomId);
  type Ser = {
    getFullState(): Uint8Array;
    fullEncodeBuffer: Uint8Array;
    handshake(): Uint8Array;
    encoder: { sharedBuffer: Uint8Array };
  };
  const ser = (id: string) => (serverRoom(id) as unknown as { _serializer: Ser })._serializer;
  const [sa, sb] = [ser(a.room.roomId), ser(b.room.roomId)];
  expect(sa.encoder.sharedBuffer).toBe(sb.encoder.sharedBuffer);
  expect(sa.fullEncodeBuffer).toBe(sb.fullEncodeBuffer);
  expect(sa.handshake()).toBe(sb.handshake()); // the state's types: one copy for every room
  const first = sa.getFullState();
  expect(first[0]).toBe(14); // Colyseus' ROOM_STATE
  // Another room's full state overwrites the shared buffer; the first room's unchanged state, from its cache, must come
  // back as it was.
  sa.fullEncodeBuffer.fill(0, 1);
  expect(Buffer.from(sa.getFullState()).equals(Buffer.from(first))).toBe(true);
});

it('a room given up (log/lease.ts) leaves the listing entry of its id alone until it is taken back', async () => {
  const a = await quickMatch(server.get(), 'Gone');
  server.open.push(a);
  const id = a.room.roomId;
  const room = serverRoom(id) as unknown as { _listing: { roomId: string } };
  const listed = async () => !!(await matchMaker.driver.findOne({ roomId: id }));
  expect(await listed()).toBe(true);
  abandonRoom(serverRoom(id));
  // As the room's own disconnect, dispose and metadata writes would: nothing changes the entry.
  await matchMaker.driver.remove(id);
  await matchMaker.driver.update(room._listing as never, { $set: { locked: true } });
  expect(await listed()).toBe(true);
  expect((await matchMaker.driver.findOne({ roomId: id }))?.locked).not.toBe(true);
  reclaimRoom(id);
  await matchMaker.driver.remove(id);
  expect(await listed()).toBe(false);
});
