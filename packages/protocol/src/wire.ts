// The wire encoding of the big server → client messages (`events`, `round-so-far`, `prompt`): most of a round's
// bytes. msgpack maps repeat every key name in every event; msgpackr records define each object shape once per frame,
// which still cost a third of an event stream's bytes. Here the 32 costliest shapes are a table both sides hold
// (wire-shapes.ts, generated from random matches), so a frame carries their values and one-byte shape ids only. A shape not in the table
// (the engine grew a field) is defined inline in its frame, as before: it still decodes, only bigger. Each frame is
// self-contained (nothing is learnt from one frame for the next) and starts with a tag of the table, so a client
// built with another table says so instead of misreading. The server sends these as ROOM_DATA_BYTES frames; the
// client decodes them with decodeServerMessage.
import { Packr, Unpackr } from 'msgpackr';
import { RecordWriter, UNSUPPORTED } from './wire-records.js';
import { WIRE_SHAPES } from './wire-shapes.js';

export const PACKED_TYPES = ['events', 'round-so-far', 'prompt'] as const;
export type PackedType = (typeof PACKED_TYPES)[number];
/** msgpackr gives shared shapes one-byte ids up to 32 (its two-byte ids did not decode: msgpackr 2.1.3). */
export const WIRE_TABLE_SIZE = 32;

/** One byte naming the table (FNV-1a of its text): frames packed with another table are refused, not misread. */
export const WIRE_TAG = (() => {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(WIRE_SHAPES)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 24;
})();

/** Each side its own copy of the table: msgpackr keeps its bookkeeping on the array. */
function options() {
  const structures = WIRE_SHAPES.map((s) => [...s]);
  // The table is fixed: a new shape is defined in its frame and forgotten, never added to the shared ones.
  return { useRecords: true, structures, maxSharedStructures: structures.length, shouldShareStructure: () => false };
}
const packr = new Packr(options());
const unpackr = new Unpackr(options());
/** packr's bytes, written without its general machinery (wire-records.ts); made at the first pack (the client
 * only unpacks). */
let records: RecordWriter | null = null;

export function isPackedType(type: unknown): type is PackedType {
  return (PACKED_TYPES as readonly unknown[]).includes(type);
}

/** The message's bytes: the table's tag, then msgpack with the shared shapes. */
export function packMessage(msg: unknown): Uint8Array {
  records ??= new RecordWriter(WIRE_SHAPES);
  try {
    const out = records.write(msg, 1);
    out[0] = WIRE_TAG;
    return out;
  } catch (e) {
    if (e !== UNSUPPORTED) throw e;
  }
  const body = packr.pack(msg);
  const out = new Uint8Array(body.length + 1);
  out[0] = WIRE_TAG;
  out.set(body, 1);
  return out;
}

/** Packs as msgpackr without records (the Packr Colyseus sends its messages with: maps with their key names); both
 * made at the first pack (the client only unpacks). */
let plainPackr: Packr | null = null;
let plainMaps: RecordWriter | null = null;

/** `msg` as Colyseus packs a message (plain msgpack maps), after `prefix` bytes left for a frame's header. */
export function packPlain(msg: unknown, prefix: number): Uint8Array {
  plainMaps ??= new RecordWriter(null);
  try {
    return plainMaps.write(msg, prefix);
  } catch (e) {
    if (e !== UNSUPPORTED) throw e;
  }
  plainPackr ??= new Packr({ useRecords: false });
  const body = plainPackr.pack(msg);
  const out = new Uint8Array(body.length + prefix);
  out.set(body, prefix);
  return out;
}

export function unpackMessage(type: PackedType, bytes: Uint8Array): unknown {
  if (bytes[0] !== WIRE_TAG)
    throw new Error(
      `The game was updated: reload the page (the server's ${type} messages use another table of shapes, tag ${bytes[0]}; this page knows ${WIRE_TAG}).`,
    );
  return unpackr.unpack(bytes.subarray(1));
}

/** A message as the SDK hands it over, decoded: packed types arrive as bytes, the others as they are. */
export function decodeServerMessage(type: unknown, payload: unknown): unknown {
  return isPackedType(type) && payload instanceof Uint8Array ? unpackMessage(type, payload) : payload;
}
