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
  const head = header(ROOM_DATA_BYTES, type);
  const frame = Buffer.allocUnsafe(head.length + body.length);
  frame.set(head);
  frame.set(body, head.length);
  return frame;
}

/**
 * The ROOM_DATA frame Colyseus' client.send and room.broadcast make of a message (@colyseus/core Protocol.ts
 * getMessageBytes.raw: the code, the type, the message in msgpack without records), packed here for less.
 */
export function messageFrame(type: string, msg: unknown): Buffer {
  const head = header(ROOM_DATA, type);
  if (msg === undefined) return Buffer.from(head);
  const frame = packPlain(msg, head.length);
  frame.set(head);
  return Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
}

/** Each frame's start, by code and type: encoded once (the types are the protocol's few). */
const headers = [new Map<string, Uint8Array>(), new Map<string, Uint8Array>()];

/** A frame's start: its code, then its type as Colyseus encodes it. Never written to: copied into each frame. */
function header(code: typeof ROOM_DATA | typeof ROOM_DATA_BYTES, type: string): Uint8Array {
  const known = headers[code === ROOM_DATA ? 0 : 1]!;
  const head = known.get(type);
  if (head) return head;
  const bytes = Buffer.alloc(1 + 5 + Buffer.byteLength(type));
  bytes[0] = code;
  const it = { offset: 1 };
  encode.string(bytes, type, it);
  const made = Uint8Array.prototype.slice.call(bytes, 0, it.offset);
  known.set(type, made);
  return made;
}
