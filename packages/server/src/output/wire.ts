// The big server → client messages (events, round-so-far, prompt) go packed with the protocol's table of shapes
// (@star-eater/protocol wire.ts: values and one-byte shape ids, no key names) in ROOM_DATA_BYTES frames, which the
// SDK hands over as bytes; the client decodes them with decodeServerMessage. Small or rare messages keep Colyseus'
// default encoding.
import { encode } from '@colyseus/schema';
import { isPackedType, packMessage, type PackedType, type ServerMessages } from '@star-eater/protocol';

/** Colyseus' ROOM_DATA_BYTES protocol code (@colyseus/shared-types Protocol.ROOM_DATA_BYTES). */
const ROOM_DATA_BYTES = 17;

export const isPacked = isPackedType;

/** A complete ROOM_DATA_BYTES frame for `type` carrying `msg` packed by the protocol. */
export function packedFrame<K extends PackedType>(type: K, msg: ServerMessages[K]): Buffer {
  const header = Buffer.allocUnsafe(1 + 5 + Buffer.byteLength(type));
  header[0] = ROOM_DATA_BYTES;
  const it = { offset: 1 };
  encode.string(header, type, it);
  return Buffer.concat([header.subarray(0, it.offset), packMessage(msg)]);
}
