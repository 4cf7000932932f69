// A what-if branch as a link: the round it starts at and each seat's orders for that round and the ones played after
// it in the branch. Opening the link checks every part against the record and the engine, and names what was wrong.
import {
  parseCommitment,
  validateCommitment,
  type Commitment,
  type MatchRecord,
  type MatchState,
} from '@star-eater/engine';

export interface BranchSpec {
  /** The round of the record the branch starts at, as players count (1 = the first). */
  round: number;
  /** The orders of each round of the branch, both seats, from `round` on. */
  orders: [Commitment, Commitment][];
}

const MAX_LINK = 16_384;

export function encodeBranch(b: BranchSpec): string {
  const bytes = new TextEncoder().encode(JSON.stringify(b));
  let bin = '';
  for (const x of bytes) bin += String.fromCharCode(x);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function branchHash(recordId: string, b: BranchSpec): string {
  return `#/replay/${encodeURIComponent(recordId)}?whatif=${encodeBranch(b)}`;
}

function decode(text: string): unknown {
  if (text.length > MAX_LINK) throw new Error(`the link is too long (${text.length} characters)`);
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link holds characters a branch never has');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

export interface OpenedBranch {
  spec: BranchSpec;
  /** The engine's state where the branch starts (the match's generator included). */
  start: MatchState;
}

/**
 * Opens a link's branch against its record: the round must exist and each round's first orders be legal there.
 * `states` is the real line the viewer already replayed (states[k]: the engine's state at the start of round k + 1).
 */
export function parseBranch(
  text: string,
  record: MatchRecord,
  states: readonly MatchState[],
): { ok: true; value: OpenedBranch } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = decode(text);
  } catch (e) {
    return { ok: false, error: `this what-if link does not parse: ${(e as Error).message}` };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, error: 'this what-if link holds no branch' };
  const { round, orders } = raw as Record<string, unknown>;
  if (typeof round !== 'number' || !Number.isInteger(round))
    return { ok: false, error: 'this what-if link names no round' };
  const start = round >= 1 && round <= record.rounds.length ? states[round - 1] : undefined;
  if (!start)
    return { ok: false, error: `this what-if link: the record has rounds 1 to ${record.rounds.length}, not ${round}` };
  if (!Array.isArray(orders) || orders.length < 1 || orders.length > 40)
    return { ok: false, error: 'this what-if link holds no orders (1 to 40 rounds of them)' };
  const out: [Commitment, Commitment][] = [];
  for (const [k, pair] of orders.entries()) {
    if (!Array.isArray(pair) || pair.length !== 2)
      return { ok: false, error: `round ${round + k} of the branch: expected the orders of both seats` };
    const cs: Commitment[] = [];
    for (const seat of [0, 1] as const) {
      // the first round's orders are checked against its position here; later ones as the branch reaches them
      const c = k === 0 ? validateCommitment(start, seat, pair[seat]) : parseCommitment(pair[seat]);
      if (!c.ok)
        return {
          ok: false,
          error: `round ${round + k} of the branch, ${record.players[seat].name}: ${c.error.message}`,
        };
      cs.push(c.value);
    }
    out.push([cs[0]!, cs[1]!]);
  }
  return { ok: true, value: { spec: { round, orders: out }, start } };
}
