// Every frame a client sends, before Colyseus handles it (colyseus-internals.ts filterFrames):
// - it counts toward the client's flood limit, whatever it is (room messages, requests, pings, garbage): a dropped
//   frame's notice names the message, and a client that keeps flooding is disconnected (4029, with a reason);
// - a frame that cannot be decoded (an unknown frame code, a broken type, a payload that is not msgpack) gets an
//   `error` saying so, then the connection is closed (4002, with a reason) — a drop, so a player's seat goes into
//   the normal reconnection hold (RULES §7).
import { decode } from '@colyseus/schema';
import { Protocol } from '@colyseus/core';
import type { ErrorMessage } from '@star-eater/protocol';
import { unpack } from 'msgpackr';
import { plainMsgpack } from './plain-msgpack.js';
import type { RateLimiter } from './rate-limit.js';

export const CLOSE_FLOOD = 4029;
export const CLOSE_UNDECODABLE = 4002;

const CODE_MASK = 31;
const NAMES: Record<number, string> = {
  [Protocol.JOIN_ROOM]: 'JOIN_ROOM',
  [Protocol.LEAVE_ROOM]: 'LEAVE_ROOM',
  [Protocol.ROOM_DATA]: 'ROOM_DATA',
  [Protocol.ROOM_DATA_BYTES]: 'ROOM_DATA_BYTES',
  [Protocol.PING]: 'PING',
  [Protocol.ROOM_REQUEST]: 'ROOM_REQUEST',
};

export interface FrameVerdict {
  /** The message it carries ("commit"), or the frame's kind ("PING"), for notices and logs. */
  name: string;
  /** Why it cannot be decoded; undefined when it can. */
  undecodable?: string;
}

/** Reads a frame's kind and message type, and checks that its payload decodes, without acting on it. */
export function inspectFrame(frame: Uint8Array): FrameVerdict {
  if (!(frame instanceof Uint8Array) || frame.length === 0) return { name: 'empty', undecodable: 'an empty frame' };
  const code = frame[0]! & CODE_MASK;
  const kind = NAMES[code];
  if (!kind) return { name: `frame ${code}`, undecodable: `unknown frame code ${code}` };
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_REQUEST && code !== Protocol.ROOM_DATA_BYTES)
    return { name: kind };
  const it = { offset: 1 };
  let name: string;
  try {
    if (code === Protocol.ROOM_REQUEST) decode.number(frame as Buffer, it);
    const isString = decode.stringCheck(frame as Buffer, it);
    if (isString && !stringFits(frame, it.offset)) throw new Error('truncated');
    const t = isString ? decode.string(frame as Buffer, it) : decode.number(frame as Buffer, it);
    if (it.offset > frame.length || t === '' || (typeof t === 'number' && !Number.isFinite(t)))
      throw new Error('truncated');
    name = String(t).slice(0, 40);
  } catch {
    return { name: kind, undecodable: `a ${kind} frame whose message type cannot be read` };
  }
  if (code !== Protocol.ROOM_DATA_BYTES && frame.length > it.offset && !plainMsgpack(frame, it.offset)) {
    try {
      unpack(frame.subarray(it.offset));
    } catch {
      return { name, undecodable: `the payload of "${name}" is not valid msgpack` };
    }
  }
  return { name };
}

/** Whether the msgpack string header at `at` and the bytes it announces are all in the frame. */
function stringFits(frame: Uint8Array, at: number): boolean {
  const b = frame[at]!;
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  let start: number;
  let len: number;
  if ((b & 0xe0) === 0xa0) [start, len] = [at + 1, b & 0x1f];
  else if (b === 0xd9 && at + 2 <= frame.length) [start, len] = [at + 2, frame[at + 1]!];
  else if (b === 0xda && at + 3 <= frame.length) [start, len] = [at + 3, view.getUint16(at + 1)];
  else if (b === 0xdb && at + 5 <= frame.length) [start, len] = [at + 5, view.getUint32(at + 1)];
  else return false;
  return start + len <= frame.length;
}

/** What the screening does to the client that sent a frame: one per room, so a frame's screening makes no closures. */
export interface FloodHost<C> {
  reply(client: C, error: ErrorMessage): void;
  close(client: C, code: number, reason: string): void;
  warn(client: C, what: object, line: string): void;
}

/** True when the frame goes on to Colyseus; false when it was dropped (and answered, or the client closed). */
export function screenFrame<C>(
  frame: Uint8Array,
  limiter: RateLimiter | undefined,
  host: FloodHost<C>,
  client: C,
): boolean {
  const f = inspectFrame(frame);
  const verdict = limiter?.take() ?? 'ok';
  if (verdict === 'disconnect') {
    host.warn(client, { last: f.name }, 'flood: disconnecting the client');
    host.close(client, CLOSE_FLOOD, 'too many messages: disconnected for flooding');
    return false;
  }
  if (verdict !== 'ok') {
    if (verdict === 'warn')
      host.reply(client, {
        code: 'rate-limited',
        type: f.name,
        message: `too many messages: "${f.name}" was dropped; slow down or be disconnected`,
      });
    return false;
  }
  if (f.undecodable) {
    host.warn(client, { reason: f.undecodable }, 'undecodable frame: closing the connection');
    host.reply(client, { code: 'bad-payload', type: f.name, message: `${f.undecodable}: closing the connection` });
    host.close(client, CLOSE_UNDECODABLE, 'undecodable frame');
    return false;
  }
  return true;
}
