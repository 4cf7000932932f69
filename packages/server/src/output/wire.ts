// The big server → client messages (events, round-so-far, prompt) go packed with the protocol's table of shapes
// (@star-eater/protocol wire.ts: values and one-byte shape ids, no key names) in ROOM_DATA_BYTES frames, which the
// SDK hands over as bytes; the client decodes them with decodeServerMessage. Small or rare messages keep Colyseus'
// encoding (ROOM_DATA, plain msgpack maps), framed here byte for byte as Colyseus' send frames them (messageFrame).
import { encode } from '@colyseus/schema';
import { isPackedType, packMessage, packPlain, type PackedType, type ServerMessages } from '@star-eater/protocol';

/** Colyseus' ROOM_DATA and ROOM_DATA_BYTES protocol codes (@colyseus/shared-types Protocol). */
const ROOM_DATA = 13;
const ROOM_DATA_BYTES = 17;

export const isPacked = isPackedType;

/** A complete ROOM_DATA_BYTES frame for `type` carrying `msg` packed by the protocol. */
export function packedFrame<K extends PackedType>(type: K, msg: ServerMessages[K]): Buffer {
  return frameOf(type, packMessage(msg));
}

/** A complete ROOM_DATA_BYTES frame for `type` carrying `body`, a message packMessage packed. */
export function frameOf(type: PackedType, body: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(1 + 5 + Buffer.byteLength(type) + body.length);
  const start = header(frame, ROOM_DATA_BYTES, type);
  frame.set(body, start);
  return frame.subarray(0, start + body.length);
}

/**
 * The ROOM_DATA frame Colyseus' client.send and room.broadcast make of a message (@colyseus/core Protocol.ts
 * getMessageBytes.raw: the code, the type, the message in msgpack without records), packed here for less.
 */
export function messageFrame(type: string, msg: unknown): Buffer {
  const head = Buffer.allocUnsafe(1 + 5 + Buffer.byteLength(type));
  const length = header(head, ROOM_DATA, type);
  if (msg === undefined) return head.subarray(0, length);
  const frame = packPlain(msg, length);
  frame.set(head.subarray(0, length));
  return Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
}

/** A frame's code and type at its start; the header's length. */
function header(frame: Buffer, code: number, type: string): number {
  frame[0] = code;
  const it = { offset: 1 };
  encode.string(frame, type, it);
  return it.offset;
}
