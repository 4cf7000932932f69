// The match record (RULES §10): a public, versioned JSON format. parseRecord checks the shape of untrusted input
// and names the first bad field; replay.ts checks legality against the rules.
import { SCENARIOS } from './board.js';
import type { InitiativeFrom } from './coin-toss.js';
import { FACTIONS } from './content/index.js';
import { parseDir } from './hex.js';
import { NO_VARIANTS } from './match.js';
import { receiptMatches } from './receipt.js';
import type { Commitment, EndReason, FactionId, Loadout, Result, Seat, Variants } from './types.js';
import type { Decision } from './decision.js';
import { err, ok } from './types.js';

export const RECORD_FORMAT = 'star-eater-record/1';

export interface RecordPlayer {
  name: string;
  faction: FactionId;
  loadout: Loadout;
  munitions: number[];
  /** Optional: the computer's level when the computer played this seat ("easy", "medium", "hard"). */
  bot?: string;
  /** Optional: the server's id of the player who held this seat with a session (their profile). */
  playerId?: string;
}

export interface RecordRound {
  commitments: [Commitment, Commitment];
  decisions: Decision[];
  /**
   * Optional (older records have none): each seat's commit receipt, the hash published at lock-in and the salt published at the
   * reveal (receipt.ts); null for a seat that never locked in (its commitment was the time-out's NONE). Every receipt
   * here carries its salt: its commitment was revealed. A withdrawn lock-in's receipt is in no record.
   */
  receipts?: [RecordReceipt | null, RecordReceipt | null];
}

export interface RecordReceipt {
  hash: string;
  salt: string;
}

export interface MatchRecord {
  format: typeof RECORD_FORMAT;
  ruleset: string;
  seed: string;
  variants: Variants;
  scenario: string;
  initiative: Seat;
  /**
   * How `initiative` was decided (optional; records written before it was kept lack it): 'coin-toss' is checked
   * against the seed on replay (coin-toss.ts); 'previous-loser' names a rematch (RULES §7).
   */
  initiativeFrom?: InitiativeFrom;
  players: [RecordPlayer, RecordPlayer];
  draft: unknown[];
  rounds: RecordRound[];
  end?: RecordEnd;
}

export interface RecordEnd {
  winner: Seat | 'draw';
  reason: EndReason;
  /**
   * A concede or forfeit while a round was being resolved: that round's commitments and the decisions given before
   * the end. The replay resolves it up to there and no further (no time-out defaults), as the players saw it.
   */
  interrupted?: RecordRound;
  /**
   * A concede or forfeit in a commitment window: the hashes published for the lock-ins standing then (null for a seat
   * not locked in). Receipts without a salt: their commitments were never revealed, and their salts never are, so a
   * hash stays unreadable (it checks nothing; it shows which receipts were out when the match ended).
   */
  unrevealed?: [string | null, string | null];
}

export interface RecordError {
  path: string;
  message: string;
}

type Check = (x: unknown, path: string) => RecordError | null;
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const fail = (path: string, message: string): RecordError => ({ path, message });

const str: Check = (x, p) => (typeof x === 'string' ? null : fail(p, 'expected a string'));
const seat: Check = (x, p) => (x === 0 || x === 1 ? null : fail(p, 'expected seat 0 or 1'));
const bool: Check = (x, p) => (typeof x === 'boolean' ? null : fail(p, 'expected true or false'));
const arr =
  (item: Check, len?: number): Check =>
  (x, p) => {
    if (!Array.isArray(x)) return fail(p, 'expected an array');
    if (len !== undefined && x.length !== len) return fail(p, `expected ${len} entries, got ${x.length}`);
    for (let i = 0; i < x.length; i++) {
      const e = item(x[i], `${p}[${i}]`);
      if (e) return e;
    }
    return null;
  };
const obj =
  (fields: Record<string, Check>, optional: string[] = []): Check =>
  (x, p) => {
    if (!isObj(x)) return fail(p, 'expected an object');
    for (const [k, c] of Object.entries(fields)) {
      if (!(k in x) || x[k] === undefined) {
        if (optional.includes(k)) continue;
        return fail(`${p}.${k}`, 'missing');
      }
      const e = c(x[k], `${p}.${k}`);
      if (e) return e;
    }
    return null;
  };
const any: Check = () => null;
const nat: Check = (x, p) =>
  Number.isInteger(x) && (x as number) >= 0 ? null : fail(p, 'expected a whole number ≥ 0');
const hexString: Check = (x, p) =>
  typeof x === 'string' && /^[0-9a-fA-F]{1,256}$/.test(x) ? null : fail(p, 'expected a hex string');
const oneOf =
  (xs: readonly unknown[]): Check =>
  (x, p) =>
    xs.includes(x) ? null : fail(p, `expected one of ${xs.map((v) => JSON.stringify(v)).join(', ')}`);
const decision: Check = (x, p) => {
  if (!isObj(x)) return fail(p, 'expected an object');
  if (x.kind === 'direct-fire' || x.kind === 'point-defence') return obj({ target: obj({ kind: str }) })(x, p);
  if (x.kind === 'fighter') return obj({ answer: obj({ kind: oneOf(['pass', 'activate', 'launch']) }) })(x, p);
  return fail(`${p}.kind`, 'expected "direct-fire", "point-defence" or "fighter"');
};

const sha256Hex: Check = (x, p) =>
  typeof x === 'string' && /^[0-9a-f]{64}$/.test(x)
    ? null
    : fail(p, 'expected a SHA-256 hash: 64 lowercase hex digits');
const receipt: Check = (x, p) => (x === null ? null : obj({ hash: sha256Hex, salt: hexString })(x, p));
const unrevealedHash: Check = (x, p) => (x === null ? null : sha256Hex(x, p));
const roundShape: Check = obj({ commitments: arr(any, 2), decisions: arr(decision), receipts: arr(receipt, 2) }, [
  'decisions',
  'receipts',
]);

const player: Check = obj(
  {
    name: str,
    faction: oneOf(Object.keys(FACTIONS)),
    loadout: obj({ main: str, broadside: str, fighterBay: str, pointDefence: str, squadrons: arr(str, 3) }),
    munitions: arr(nat, 3),
    bot: str,
    playerId: str,
  },
  ['bot', 'playerId'],
);

const recordShape: Check = obj(
  {
    format: oneOf([RECORD_FORMAT]),
    ruleset: str,
    seed: hexString,
    variants: obj({ rangeBands: bool, initiativeRoll: bool, criticalHits: bool }, [
      'rangeBands',
      'initiativeRoll',
      'criticalHits',
    ]),
    scenario: oneOf(Object.keys(SCENARIOS)),
    initiative: seat,
    initiativeFrom: oneOf(['coin-toss', 'previous-loser']),
    players: arr(player, 2),
    draft: arr(any),
    // Commitments are checked against the rules during replay (validateCommitment), with the round named.
    rounds: arr(roundShape),
    end: obj(
      {
        winner: (x, p) => (x === 'draw' ? null : seat(x, p)),
        reason: oneOf(['destroyed', 'draw', 'concede', 'forfeit']),
        interrupted: roundShape,
        unrevealed: arr(unrevealedHash, 2),
      },
      ['interrupted', 'unrevealed'],
    ),
  },
  ['variants', 'scenario', 'initiativeFrom', 'draft', 'end'],
);

/** Check the shape of an untrusted record; fill optional fields with their defaults. */
export function parseRecord(input: unknown): Result<MatchRecord, RecordError> {
  const e = recordShape(input, 'record') ?? receiptsError(input as MatchRecord);
  if (e) return err(e);
  const r = input as MatchRecord;
  return ok({
    ...r,
    variants: { ...NO_VARIANTS, ...r.variants },
    scenario: r.scenario ?? 'standard',
    draft: r.draft ?? [],
    rounds: r.rounds.map(withDecisions),
    ...(r.end?.interrupted ? { end: { ...r.end, interrupted: withDecisions(r.end.interrupted) } } : {}),
  });
}

const withDecisions = (x: RecordRound): RecordRound => ({
  commitments: x.commitments,
  decisions: (x.decisions ?? []).map(storedFacing),
  ...(x.receipts ? { receipts: x.receipts } : {}),
});

/** A record whose receipts do not match its commitments was changed after the lock-in (or is not what was played). */
function receiptsError(r: MatchRecord): RecordError | null {
  for (let i = 0; i < r.rounds.length; i++) {
    const e = roundReceiptsError(r.rounds[i]!, `record.rounds[${i}]`);
    if (e) return e;
  }
  return r.end?.interrupted ? roundReceiptsError(r.end.interrupted, 'record.end.interrupted') : null;
}

function roundReceiptsError(rd: RecordRound, path: string): RecordError | null {
  for (const s of [0, 1] as const) {
    const rc = rd.receipts?.[s];
    if (rc && !receiptMatches(rd.commitments[s], rc.salt, rc.hash))
      return fail(`${path}.receipts[${s}]`, 'the commitment and salt do not give this hash');
  }
  return null;
}

/**
 * Records stored before directions were names (RULES §10) carry a launch facing as 0..5; read it as its name so
 * they still replay. Everything written now carries the name.
 */
function storedFacing(d: Decision): Decision {
  if (d.kind !== 'fighter' || d.answer.kind !== 'launch') return d;
  const facing = parseDir(d.answer.facing, true);
  return facing === null ? d : { ...d, answer: { ...d.answer, facing } };
}

/** Serialise a record: stable key order, one JSON document. */
export const makeRecord = (r: MatchRecord): string => JSON.stringify(r, null, 2);
