// The bytes msgpackr's Packr writes for wire.ts's options (useRecords, the fixed table of shared shapes, 32 shapes of
// a frame's own, nothing shared learnt), written directly for the plain data the packed messages are made of: objects
// (constructor Object), arrays, strings, numbers, booleans, null, undefined and byte arrays. msgpackr's general
// encoder keeps bookkeeping this data never needs (record ids added and taken back after each frame, extension
// checks, its buffer's management), and packing was a sixth of a round's CPU on the server: this writes the same
// bytes in about four fifths of the time. Anything else (a Map, a Date, a class instance, a BigInt)
// throws UNSUPPORTED and wire.ts packs that message with msgpackr itself. wire-records.test.ts holds the two equal.
// Without a table it writes plain maps, as Colyseus' own Packr (useRecords false) packs the other messages.

/** Thrown at a value this writer leaves to msgpackr. */
export const UNSUPPORTED = new Error('wire-records: a value only msgpackr packs');

/** A node of the shape tree: the keys seen so far. A shape ending here has a record id (shared, or this frame's). */
interface Shape {
  next: Map<string, Shape>;
  id: number;
  shared: boolean;
  /** The frame that gave `id` to this shape of its own (0: none, or taken back). */
  frame: number;
  keys: string[] | null;
  /** The key last followed from here and where it led: a one-entry cache before `next` (most objects of a kind
   * follow the same path). */
  lastKey: string;
  last: Shape | null;
}

const newShape = (): Shape => ({
  next: new Map(),
  id: 0,
  shared: false,
  frame: 0,
  keys: null,
  lastKey: '',
  last: null,
});

function child(s: Shape, key: string): Shape {
  let c = s.next.get(key);
  if (!c) {
    c = newShape();
    s.next.set(key, c);
  }
  return c;
}

/** msgpackr's record ids: shared shapes from 0x40, then a frame's own, 32 of them (reused in turn past that). */
const FIRST_RECORD = 0x40;
const OWN_SHAPES = 32;
const encoder = new TextEncoder();
/** A slab's size (a bigger frame gets a slab of its own size). */
const SLAB = 16384;

export class RecordWriter {
  private readonly root = newShape();
  private readonly firstOwn: number;
  /** No table: objects as maps, as msgpackr packs with useRecords false (Colyseus' messages). */
  private readonly maps: boolean;
  /** The first positive integer not written as a fixint (0x40 and up are record ids, without records 0x80). */
  private readonly fixints: number;
  /**
   * The slab frames are written into, one after the other: each write returns a view of its own bytes, which later
   * writes never touch (they go after it, or into a new slab once this one is full), as msgpackr's Packr hands out
   * views of its buffer. A copy per frame cost more than the writing: a typed array of its own is a backing store
   * allocated outside the heap. A view holds its slab until it is let go (a frame waiting on a slow socket).
   */
  private buf = new Uint8Array(SLAB);
  private view = new DataView(this.buf.buffer);
  /** Where the frame being written starts in `buf`. */
  private start = 0;
  private pos = 0;
  private frame = 0;
  private nextOwn = 0;
  /** This frame's own shapes in the order they were defined, from `oldest` round (the oldest loses its id to the
   * 33rd): a ring of its own size, so that a frame allocates nothing for it. */
  private readonly own: Shape[] = [];
  private owned = 0;
  private oldest = 0;

  /** `table`: the shared shapes of records (msgpackr's `structures`); null for plain maps. */
  constructor(table: readonly (readonly string[])[] | null) {
    this.maps = table === null;
    this.fixints = this.maps ? 0x80 : 0x40;
    table ??= [];
    if (table.length > 32) throw new Error(`wire-records: ${table.length} shared shapes; one-byte ids hold 32`);
    for (const [i, keys] of table.entries()) {
      let s = this.root;
      for (const k of keys) s = child(s, k);
      s.id = FIRST_RECORD + i;
      s.shared = true;
    }
    this.firstOwn = FIRST_RECORD + table.length;
  }

  /** `v` packed as msgpackr packs it, after `prefix` bytes left for the caller (msgpackr's RESERVE_START_SPACE). */
  write(v: unknown, prefix: number): Uint8Array {
    this.frame++;
    this.nextOwn = this.firstOwn;
    this.owned = 0;
    this.oldest = 0;
    if (this.buf.length - this.pos < SLAB / 8) this.slab(SLAB, 0);
    this.start = this.pos;
    this.pos += prefix;
    this.value(v);
    return this.buf.subarray(this.start, this.pos);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.slab(Math.max(SLAB, (this.pos - this.start + n) * 2), this.pos - this.start);
  }

  /** A new slab of `size` bytes, the frame being written (its first `used` bytes) moved to its start. */
  private slab(size: number, used: number): void {
    const fresh = new Uint8Array(size);
    fresh.set(this.buf.subarray(this.start, this.start + used));
    this.buf = fresh;
    this.view = new DataView(fresh.buffer);
    this.start = 0;
    this.pos = used;
  }

  /** One byte (room made by the caller). */
  private byte(b: number): void {
    this.buf[this.pos++] = b;
  }

  private value(v: unknown): void {
    switch (typeof v) {
      case 'string':
        this.text(v);
        return;
      case 'number':
        this.number(v);
        return;
      case 'boolean':
        this.room(1);
        this.byte(v ? 0xc3 : 0xc2);
        return;
      case 'undefined':
        this.room(3);
        this.byte(0xd4);
        this.byte(0);
        this.byte(0);
        return;
      case 'object':
        if (v === null) {
          this.room(1);
          this.byte(0xc0);
        } else if (v.constructor === Object) this.record(v as Record<string, unknown>);
        else if (v.constructor === Array) this.list(v as unknown[]);
        else if (v instanceof Uint8Array) this.bytes(v);
        else throw UNSUPPORTED;
        return;
      default:
        throw UNSUPPORTED;
    }
  }

  /** msgpackr's number: the shortest integer form (fixints below 0x40: 0x40 up are record ids), else a float64. */
  private number(v: number): void {
    this.room(9);
    if (v >>> 0 === v) {
      if (v < this.fixints) this.byte(v);
      else if (v < 0x100) this.header(0xcc, v, 1);
      else if (v < 0x10000) this.header(0xcd, v, 2);
      else this.header(0xce, v, 4);
    } else if (v >> 0 === v) {
      if (v >= -0x20) this.byte(0x100 + v);
      else if (v >= -0x80) this.header(0xd0, v + 0x100, 1);
      else if (v >= -0x8000) this.header(0xd1, v & 0xffff, 2);
      else this.header(0xd2, v >>> 0, 4);
    } else {
      this.byte(0xcb);
      this.view.setFloat64(this.pos, v);
      this.pos += 8;
    }
  }

  /** A type byte and `size` big-endian bytes of `n` (room made by the caller). */
  private header(type: number, n: number, size: 1 | 2 | 4): void {
    this.byte(type);
    if (size === 1) this.buf[this.pos] = n;
    else if (size === 2) this.view.setUint16(this.pos, n);
    else this.view.setUint32(this.pos, n);
    this.pos += size;
  }

  /** A length's header: the fix form below `fixLimit`, else 8 (if `one`), 16 or 32 bits. */
  private sized(n: number, fix: number, fixLimit: number, one: number, two: number, four: number): void {
    this.room(5);
    if (n < fixLimit) this.byte(fix | n);
    else if (one && n < 0x100) this.header(one, n, 1);
    else if (n < 0x10000) this.header(two, n, 2);
    else this.header(four, n, 4);
  }

  private text(v: string): void {
    const n = v.length;
    this.room(n * 3 + 5);
    // Written after a header for n bytes, then moved if the UTF-8 came out longer (as msgpackr does).
    const at = this.pos + (n < 0x20 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5);
    const buf = this.buf;
    let end = at;
    let i = 0;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c >= 0x80) break;
      buf[end++] = c;
    }
    if (i < n) end = n < 0x40 ? shortUtf8(buf, v, i, end) : at + encoder.encodeInto(v, buf.subarray(at)).written;
    const length = end - at;
    const headed = this.pos + (length < 0x20 ? 1 : length < 0x100 ? 2 : length < 0x10000 ? 3 : 5);
    if (headed !== at) buf.copyWithin(headed, at, end);
    this.sized(length, 0xa0, 0x20, 0xd9, 0xda, 0xdb);
    this.pos += length;
  }

  private list(a: readonly unknown[]): void {
    this.sized(a.length, 0x90, 0x10, 0, 0xdc, 0xdd);
    for (let i = 0; i < a.length; i++) this.value(a[i]);
  }

  private bytes(b: Uint8Array): void {
    this.sized(b.byteLength, 0, 0, 0xc4, 0xc5, 0xc6);
    this.room(b.byteLength);
    this.buf.set(b, this.pos);
    this.pos += b.byteLength;
  }

  /** An object as a record: its shape's id (defined inline, keys first, the first time in a frame), then its values. */
  private record(o: Record<string, unknown>): void {
    if (this.maps) {
      this.map(o);
      return;
    }
    let s = this.root;
    for (const k in o) {
      if (s.lastKey === k) {
        s = s.last!;
        continue;
      }
      const c = s.next.get(k) ?? child(s, k);
      s.lastKey = k;
      s.last = c;
      s = c;
    }
    this.room(3);
    if (s.shared || s.frame === this.frame) this.byte(s.id);
    else this.define(s, o);
    for (const k in o) this.value(o[k]);
  }

  /** An object as msgpackr's map without records: always a map16 header (its size written after), keys and values. */
  private map(o: Record<string, unknown>): void {
    this.room(3);
    this.byte(0xde);
    const at = this.pos - this.start; // from the frame's start: the slab may change under the values
    this.pos += 2;
    let size = 0;
    for (const k in o) {
      this.text(k);
      this.value(o[k]);
      size++;
    }
    if (size > 0xffff) throw UNSUPPORTED;
    this.view.setUint16(this.start + at, size);
  }

  /** A shape's first record in this frame: msgpackr's definition extension ("r"), its id, then its keys. */
  private define(s: Shape, o: object): void {
    if (this.nextOwn >= this.firstOwn + OWN_SHAPES) this.nextOwn = this.firstOwn;
    if (this.owned < OWN_SHAPES) this.own[this.owned++] = s;
    else {
      this.own[this.oldest]!.frame = 0;
      this.own[this.oldest] = s;
      this.oldest = (this.oldest + 1) % OWN_SHAPES;
    }
    s.id = this.nextOwn++;
    s.frame = this.frame;
    s.keys ??= Object.keys(o);
    this.byte(0xd4);
    this.byte(0x72);
    this.byte(s.id);
    this.list(s.keys);
  }
}

/** msgpackr's own UTF-8 of a short string from index `i` on (a lone surrogate as three bytes, as it writes it). */
function shortUtf8(buf: Uint8Array, v: string, i: number, end: number): number {
  for (; i < v.length; i++) {
    let c = v.charCodeAt(i);
    const c2 = v.charCodeAt(i + 1);
    if (c < 0x80) buf[end++] = c;
    else if (c < 0x800) {
      buf[end++] = (c >> 6) | 0xc0;
      buf[end++] = (c & 0x3f) | 0x80;
    } else if ((c & 0xfc00) === 0xd800 && (c2 & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c & 0x03ff) << 10) + (c2 & 0x03ff);
      i++;
      buf[end++] = (c >> 18) | 0xf0;
      buf[end++] = ((c >> 12) & 0x3f) | 0x80;
      buf[end++] = ((c >> 6) & 0x3f) | 0x80;
      buf[end++] = (c & 0x3f) | 0x80;
    } else {
      buf[end++] = (c >> 12) | 0xe0;
      buf[end++] = ((c >> 6) & 0x3f) | 0x80;
      buf[end++] = (c & 0x3f) | 0x80;
    }
  }
  return end;
}
