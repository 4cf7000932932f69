// Players and their games on either store (players/): one set of SQL ($1… placeholders; the SQLite executor numbers
// them ?1…), run through each store's executor (sqlite-players.ts, postgres-players.ts).
// A match's result is written with its record in one transaction, keyed on the match (player_games' key and the
// record's): a second write of the same match (a restart that replayed its end, two processes racing) changes
// nothing. The players' rows are updated only if their count of rated matches is still the one read
// (optimistic): a concurrent rated match of the same player makes the write start again from fresh ratings, so
// neither the ratings nor the per-pair limit can be applied from stale values.
import { NEW_PLAYER, type Rating } from '../players/glicko.js';
import { gameRows, type GameRow, type MatchEnd, PAIR_WINDOW_MS, verdictOf, withPairLimit } from '../players/result.js';
import type { RecordSummary } from './record-summary.js';

type Row = Record<string, unknown>;

/** One statement of a transaction; `changes`: the rows it must change, else the transaction is stale. */
export interface Step {
  sql: string;
  params: unknown[];
  changes?: number;
}

export interface SqlExec {
  /** `inside`: a read of a result's own write (the SQLite executor then does not wait for the writes in flight). */
  all(sql: string, params: unknown[], inside?: boolean): Promise<Row[]>;
  /** The steps in one transaction: 'done'; 'stale' (a step changed other than its `changes`) or 'duplicate' (a key taken): rolled back. */
  transaction(steps: Step[]): Promise<'done' | 'stale' | 'duplicate'>;
}

export interface Player {
  id: string;
  name: string;
  createdAt: number;
  sessionVersion: number;
  rating: Rating;
  ratedGames: number;
  lastRatedAt: number | null;
}

export interface GameCounts {
  total: number;
  rated: number;
  wins: number;
  losses: number;
  draws: number;
}

export type GameFilter = 'all' | 'rated' | 'casual';

/** A game in a player's list (GET /api/players/:id/games), with the cursor of its place. */
export interface GameEntry {
  row: GameRow;
  opponentRating: number | null;
  cursor: string;
}

/** The match's rows as stored: written now, or read back when the match had been written before (`duplicate`). */
export interface ResultWritten {
  rows: GameRow[];
  duplicate: boolean;
}

/** A record stored with the result (none when the match ended before the draft was over). */
export interface SavedRecord {
  summary: RecordSummary;
  record: unknown;
}

const COLUMNS = 'id, name, created_at, session_version, rating, rd, volatility, rated_games, last_rated_at';
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const COUNTS = `count(*) AS total, coalesce(sum(rated), 0) AS rated,
  coalesce(sum(CASE WHEN result = 'win' THEN 1 ELSE 0 END), 0) AS wins,
  coalesce(sum(CASE WHEN result = 'loss' THEN 1 ELSE 0 END), 0) AS losses,
  coalesce(sum(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0) AS draws`;

/** COUNTS' row (an aggregate: always one, its sums coalesced to 0). */
function countsOf(r: Row): GameCounts {
  return { total: num(r.total), rated: num(r.rated), wins: num(r.wins), losses: num(r.losses), draws: num(r.draws) };
}

function playerOf(r: Row): Player {
  return {
    id: String(r.id),
    name: String(r.name),
    createdAt: num(r.created_at),
    sessionVersion: num(r.session_version),
    rating: { rating: num(r.rating), rd: num(r.rd), volatility: num(r.volatility) },
    ratedGames: num(r.rated_games),
    lastRatedAt: numOrNull(r.last_rated_at),
  };
}

function gameRowOf(r: Row): GameRow {
  const after = numOrNull(r.rating_after);
  return {
    matchId: String(r.match_id),
    seat: num(r.seat) as 0 | 1,
    playerId: String(r.player_id),
    opponentId: (r.opponent_id as string | null) ?? null,
    opponentName: String(r.opponent_name),
    opponentBot: (r.opponent_bot as string | null) ?? null,
    result: r.result as GameRow['result'],
    reason: (r.reason as string | null) ?? null,
    rated: num(r.rated) === 1,
    casualBecause: (r.casual_because as GameRow['casualBecause']) ?? null,
    ratingBefore: numOrNull(r.rating_before),
    after: after === null ? null : { rating: after, rd: num(r.rd_after), volatility: num(r.volatility_after) },
    rounds: num(r.rounds),
    hasRecord: num(r.has_record) === 1,
    endedAt: num(r.ended_at),
  };
}

/** A place in a player's game list: after (older than) the game that ended at `endedAt` with this match id. */
export const makeCursor = (endedAt: number, matchId: string): string =>
  Buffer.from(`${endedAt}:${matchId}`).toString('base64url');

/** The cursor's place, or null when it is not one makeCursor made. */
export function parseCursor(cursor: string): { endedAt: number; matchId: string } | null {
  const m = /^(\d{1,16}):([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { endedAt: Number(m[1]), matchId: m[2]! } : null;
}

/** How many times a result's write starts again when a player's rating moved under it (a busy player, two processes). */
const STALE_RETRIES = 20;

export class PlayerStore {
  /** `sql`: the store's executor, which the passkeys' rows use too (players/passkey-store.ts). */
  constructor(readonly sql: SqlExec) {}

  async create(id: string, name: string, now: number): Promise<Player> {
    const r = NEW_PLAYER;
    const done = await this.sql.transaction([
      {
        sql: `INSERT INTO players (${COLUMNS}) VALUES ($1, $2, $3, 0, $4, $5, $6, 0, NULL)`,
        params: [id, name, now, r.rating, r.rd, r.volatility],
        changes: 1,
      },
    ]);
    if (done !== 'done') throw new Error(`player ${id} exists already`);
    return { id, name, createdAt: now, sessionVersion: 0, rating: { ...r }, ratedGames: 0, lastRatedAt: null };
  }

  async get(id: string, inside = false): Promise<Player | null> {
    const [r] = await this.sql.all(`SELECT ${COLUMNS} FROM players WHERE id = $1`, [id], inside);
    return r ? playerOf(r) : null;
  }

  /** false: no such player. */
  async rename(id: string, name: string): Promise<boolean> {
    const done = await this.sql.transaction([
      { sql: 'UPDATE players SET name = $2 WHERE id = $1', params: [id, name], changes: 1 },
    ]);
    return done === 'done';
  }

  /** Every token issued so far is refused from now on (players/session.ts); false: no such player. */
  async signOutEverywhere(id: string): Promise<boolean> {
    const done = await this.sql.transaction([
      { sql: 'UPDATE players SET session_version = session_version + 1 WHERE id = $1', params: [id], changes: 1 },
    ]);
    return done === 'done';
  }

  /**
   * A player and their game counts read in one statement, so one snapshot: a result written meanwhile (its game rows
   * and the rating in one transaction) is seen whole or not at all.
   */
  async profile(id: string): Promise<{ player: Player; games: GameCounts } | null> {
    const [r] = await this.sql.all(
      `SELECT ${COLUMNS}, g.* FROM players
        CROSS JOIN (SELECT ${COUNTS} FROM player_games WHERE player_id = $1) g WHERE id = $1`,
      [id],
    );
    return r ? { player: playerOf(r), games: countsOf(r) } : null;
  }

  /** Newest first, `limit` of them, older than `before` (a cursor's place) when given. */
  async games(
    id: string,
    filter: GameFilter,
    before: { endedAt: number; matchId: string } | null,
    limit: number,
  ): Promise<GameEntry[]> {
    const params: unknown[] = [id, limit];
    let where = 'g.player_id = $1';
    if (filter !== 'all') where += ` AND g.rated = ${filter === 'rated' ? 1 : 0}`;
    if (before) {
      params.push(before.endedAt, before.matchId);
      where += ' AND (g.ended_at < $3 OR (g.ended_at = $3 AND g.match_id < $4))';
    }
    const rows = await this.sql.all(
      `SELECT g.*, o.rating_before AS opponent_rating FROM player_games g
        LEFT JOIN player_games o ON o.match_id = g.match_id AND o.seat <> g.seat
        WHERE ${where} ORDER BY g.ended_at DESC, g.match_id DESC LIMIT $2`,
      params,
    );
    return rows.map((r) => ({
      row: gameRowOf(r),
      opponentRating: numOrNull(r.opponent_rating),
      cursor: makeCursor(num(r.ended_at), String(r.match_id)),
    }));
  }

  /** One point per rated match, oldest first. */
  async ratingHistory(id: string): Promise<Array<{ matchId: string; endedAt: number; rating: number; rd: number }>> {
    const rows = await this.sql.all(
      `SELECT match_id, ended_at, rating_after, rd_after FROM player_games
        WHERE player_id = $1 AND rated = 1 ORDER BY ended_at, match_id`,
      [id],
    );
    return rows.map((r) => ({
      matchId: String(r.match_id),
      endedAt: num(r.ended_at),
      rating: num(r.rating_after),
      rd: num(r.rd_after),
    }));
  }

  /** Not provisional, at least `minGames` rated matches, one of them since `activeSince`; highest first. */
  async leaderboard(limit: number, activeSince: number, minGames: number, provisionalRd: number): Promise<Player[]> {
    const rows = await this.sql.all(
      `SELECT ${COLUMNS} FROM players WHERE rd < $1 AND rated_games >= $2 AND last_rated_at >= $3
        ORDER BY rating DESC, id LIMIT $4`,
      [provisionalRd, minGames, activeSince, limit],
    );
    return rows.map(playerOf);
  }

  /**
   * The match's result (and its record, if any) in one transaction, once: a match written before changes nothing
   * (`duplicate`). A rated match moves both players' ratings by one Glicko-2 period from their ratings before it.
   */
  async saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten> {
    const before = verdictOf(end);
    // Only a rated match reads its players' ratings and the pair's count: the rows of any other carry neither.
    const rated = before.kind === 'rated';
    for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
      const players = rated ? await Promise.all(end.seats.map((s) => this.get(s.playerId!, true))) : [null, null];
      const verdict = rated ? withPairLimit(before, await this.ratedByPair(end)) : before;
      const rows = gameRows(end, verdict, [players[0]?.rating ?? null, players[1]?.rating ?? null]);
      const steps: Step[] = [];
      if (saved) steps.push(recordStep(saved));
      for (const row of rows) steps.push(insertGame(row));
      for (const row of rows) if (row.rated) steps.push(ratePlayer(row, players[row.seat]!));
      const done = await this.sql.transaction(steps);
      if (done === 'done') return { rows, duplicate: false };
      if (done === 'duplicate') return { rows: await this.gamesOfMatch(end.matchId), duplicate: true };
    }
    throw new Error(`match ${end.matchId}: the players' ratings kept changing under the result's write`);
  }

  /** The rows a match stored, one per seat a player held. */
  private async gamesOfMatch(matchId: string): Promise<GameRow[]> {
    const rows = await this.sql.all('SELECT * FROM player_games WHERE match_id = $1 ORDER BY seat', [matchId], true);
    return rows.map(gameRowOf);
  }

  /** Rated matches between the two players within PAIR_WINDOW_MS before this one's end. */
  private async ratedByPair(end: MatchEnd): Promise<number> {
    const [r] = await this.sql.all(
      `SELECT count(*) AS n FROM player_games
        WHERE player_id = $1 AND opponent_id = $2 AND rated = 1 AND ended_at > $3 AND match_id <> $4`,
      [end.seats[0].playerId, end.seats[1].playerId, end.endedAt - PAIR_WINDOW_MS, end.matchId],
      true,
    );
    return num(r?.n ?? 0);
  }
}

function recordStep(saved: SavedRecord): Step {
  const { summary, record } = saved;
  return {
    sql: 'INSERT INTO records (id, ended_at, summary, record) VALUES ($1, $2, $3, $4)',
    params: [summary.id, summary.endedAt, JSON.stringify(summary), JSON.stringify(record)],
  };
}

function insertGame(g: GameRow): Step {
  return {
    sql: `INSERT INTO player_games (match_id, seat, player_id, opponent_id, opponent_name, opponent_bot, result, reason,
        rated, casual_because, rating_before, rating_after, rd_after, volatility_after, rounds, has_record, ended_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    params: [
      g.matchId,
      g.seat,
      g.playerId,
      g.opponentId,
      g.opponentName,
      g.opponentBot,
      g.result,
      g.reason,
      g.rated ? 1 : 0,
      g.casualBecause,
      g.ratingBefore,
      g.after?.rating ?? null,
      g.after?.rd ?? null,
      g.after?.volatility ?? null,
      g.rounds,
      g.hasRecord ? 1 : 0,
      g.endedAt,
    ],
  };
}

/** The player's new rating, only if no other rated match of theirs was written since it was read. */
function ratePlayer(g: GameRow, before: Player): Step {
  const a = g.after!;
  return {
    sql: `UPDATE players SET rating = $2, rd = $3, volatility = $4, rated_games = rated_games + 1, last_rated_at = $5
      WHERE id = $1 AND rated_games = $6`,
    params: [g.playerId, a.rating, a.rd, a.volatility, g.endedAt, before.ratedGames],
    changes: 1,
  };
}
