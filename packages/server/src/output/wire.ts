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
  return frameOf(type, packMessage(msg));
}

/** A complete ROOM_DATA_BYTES frame for `type` carrying `body`, a message packMessage packed. */
export function frameOf(type: PackedType, body: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(1 + 5 + Buffer.byteLength(type) + body.length);
  frame[0] = ROOM_DATA_BYTES;
  const it = { offset: 1 };
  encode.string(frame, type, it);
  frame.set(body, it.offset);
  return frame.subarray(0, it.offset + body.length);
}
