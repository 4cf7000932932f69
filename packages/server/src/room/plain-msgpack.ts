// Whether a client's payload decodes, found without decoding it: the flood screen (flood.ts) checks every frame's
// payload before Colyseus decodes it with msgpackr's `unpack`, and decoding it twice cost the screen most of its time
// (an object tree built and dropped per message). This walk reads the bytes only. It vouches for a payload just when
// `unpack` surely decodes it (the version package.json pins: test/flood-msgpack.test.ts holds it to that over seeded
// mutations); the screen runs `unpack` on anything else, so a frame's verdict stays `unpack`'s.

/** Nesting deeper than this is left to msgpackr (which recurses: very deep nesting overflows its stack). */
const PLAIN_DEPTH = 32;

/**
 * True when the bytes from `at` to the frame's end are one msgpack value made of the kinds clients send — nil,
 * booleans, numbers, strings (8/16-bit lengths), arrays and maps with string keys (4/16-bit lengths), and msgpackr's
 * records (the SDK packs every object as one: a definition `d4 72 <id>` with its keys, later uses `0x40 + id`) —
 * nested at most PLAIN_DEPTH deep, ending at the frame's end: msgpackr's `unpack`, which Colyseus runs on it next,
 * decodes such bytes without fail. It walks the bytes and builds nothing. False for anything else (bin, other
 * extensions, 32-bit lengths, a truncation, trailing bytes, ...), which `unpack` then judges itself.
 */
export function plainMsgpack(b: Uint8Array, at: number): boolean {
  const end = b.length;
  const left: number[] = []; // per open container, the values still to read in it
  const isMap: boolean[] = []; // a map's entries count twice (key, value): a key comes at an even count
  const records: number[] = []; // the fields of each record id defined so far in these bytes
  let pos = at;
  let open = 0;
  for (;;) {
    if (pos >= end) return false;
    const t = b[pos]!;
    let n = 0; // the values of a container it opens
    let map = false;
    if (open > 0 && isMap[open - 1] && left[open - 1]! % 2 === 0) {
      const s = stringBytes(b, pos, end); // msgpackr turns a key that is no string into one, or refuses it
      if (s < 0) return false;
      pos += s;
    } else if (t >= 0x40 && t < 0x80 && records[t & 0x3f] !== undefined) {
      n = records[t & 0x3f]!;
      pos += 1;
    } else if (t < 0x80 || t >= 0xe0 || t === 0xc0 || t === 0xc2 || t === 0xc3) pos += 1;
    else if (t < 0xa0) {
      map = t < 0x90;
      n = map ? 2 * (t & 0x0f) : t & 0x0f;
      pos += 1;
    } else if (t === 0xdc || t === 0xde) {
      if (pos + 3 > end) return false;
      map = t === 0xde;
      n = ((b[pos + 1]! << 8) | b[pos + 2]!) * (map ? 2 : 1);
      pos += 3;
    } else if (t === 0xd4 && b[pos + 1] === 0x72 && pos + 3 <= end) {
      const id = b[pos + 2]! & 0x3f;
      pos = recordDefinition(b, pos + 3, end, id, records);
      if (pos < 0) return false;
      n = records[id]!;
    } else {
      const s = FIXED_BYTES[t] ?? stringBytes(b, pos, end);
      if (s < 0) return false;
      pos += s;
    }
    if (n > 0) {
      if (open === PLAIN_DEPTH) return false;
      left[open] = n;
      isMap[open] = map;
      open++;
      continue;
    }
    if (pos > end) return false;
    // One value done; a container it completes is one value done in the container around it.
    while (open > 0 && --left[open - 1]! === 0) open--;
    if (open === 0) return pos === end;
  }
}
/** Bytes of each fixed-size number by its token (uint, int, float), token included. */
const FIXED_BYTES: Record<number, number> = {
  204: 2,
  208: 2,
  205: 3,
  209: 3,
  206: 5,
  210: 5,
  202: 5,
  203: 9,
  207: 9,
  211: 9,
};

/** The bytes of the string at `p` (fixstr, str 8, str 16), header included, if they are all there; else -1. */
function stringBytes(b: Uint8Array, p: number, end: number): number {
  const t = b[p]!;
  let s: number;
  if ((t & 0xe0) === 0xa0) s = 1 + (t & 0x1f);
  else if (t === 0xd9 && p + 2 <= end) s = 2 + b[p + 1]!;
  else if (t === 0xda && p + 3 <= end) s = 3 + ((b[p + 1]! << 8) | b[p + 2]!);
  else return -1;
  return p + s <= end ? s : -1;
}

/**
 * A msgpackr record's definition after its `d4 72 <id>`: its keys, an array of strings (msgpackr refuses a key that is
 * no string, number or boolean). Records the id's number of fields; returns where its values begin, or -1.
 */
function recordDefinition(b: Uint8Array, p: number, end: number, id: number, records: number[]): number {
  const h = b[p];
  let keys: number;
  if (h !== undefined && h >= 0x90 && h < 0xa0) [keys, p] = [h & 0x0f, p + 1];
  else if (h === 0xdc && p + 3 <= end) [keys, p] = [(b[p + 1]! << 8) | b[p + 2]!, p + 3];
  else return -1;
  for (let i = 0; i < keys; i++) {
    const s = p < end ? stringBytes(b, p, end) : -1;
    if (s < 0) return -1;
    p += s;
  }
  records[id] = keys;
  return p;
}
