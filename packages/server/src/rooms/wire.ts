// Compact encoding of the big server → client messages (events, round-so-far, prompt). Colyseus packs every message
// with msgpack maps (useRecords: false), so each event repeats all its key names. Here the same message is packed
// with msgpackr records: each object shape is defined once inline in the frame and then referenced by a one-byte id.
// The frame is an ordinary ROOM_DATA frame and the SDK's own msgpackr `unpack` decodes records with inline
// definitions, so clients receive exactly the same objects as before, with no change on their side.
import { encode } from '@colyseus/schema';
import { Packr } from 'msgpackr';
import type { ServerMessages } from '@star-eater/protocol';

/** Colyseus' ROOM_DATA protocol code (@colyseus/shared-types Protocol.ROOM_DATA). */
const ROOM_DATA = 13;
/** No shared structures: every frame carries its own record definitions, so frames decode independently. */
const packr = new Packr({ useRecords: true, maxSharedStructures: 0 });

/** The message types sent record-packed; small or rare messages keep Colyseus' default encoding. */
export const PACKED_TYPES = new Set<keyof ServerMessages>(['events', 'round-so-far', 'prompt']);

/** A complete ROOM_DATA frame for `type` carrying `msg` packed with records. */
export function packedFrame<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): Buffer {
  const header = Buffer.allocUnsafe(1 + 5 + Buffer.byteLength(type));
  header[0] = ROOM_DATA;
  const it = { offset: 1 };
  encode.string(header, type, it);
  return Buffer.concat([header.subarray(0, it.offset), packr.pack(msg)]);
}
