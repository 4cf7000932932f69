// The players' SQL (player-store.ts) on SQLite: reads on the reading connection once the writes in flight are
// committed (a client that was just told of its session or its result reads it back), writes as one savepoint inside
// the turn's group commit (sqlite-group-commit.ts), so a failed step leaves nothing of its transaction behind.
import type { DatabaseSync } from 'node:sqlite';
import type { SqliteGroupCommit } from './sqlite-group-commit.js';
import type { SqlExec, Step } from './player-store.js';

/** $1… as SQLite's numbered parameters ?1…, bound by position. */
const numbered = (sql: string): string => sql.replace(/\$(\d+)/g, '?$1');

/** SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE (extended codes), SQLITE_CONSTRAINT. */
const KEY_TAKEN = new Set([1555, 2067, 19]);

export class SqliteSql implements SqlExec {
  private inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly read: DatabaseSync,
    private readonly writes: () => { db: DatabaseSync; commits: SqliteGroupCommit },
  ) {}

  async all(sql: string, params: unknown[], inside = false): Promise<Record<string, unknown>[]> {
    if (!inside && this.inflight.size) await Promise.all(this.inflight);
    return this.read.prepare(numbered(sql)).all(...(params as never[])) as Record<string, unknown>[];
  }

  transaction(steps: Step[]): Promise<'done' | 'stale' | 'duplicate'> {
    const { db, commits } = this.writes();
    const done = commits.write(() => {
      db.exec('SAVEPOINT player_tx');
      try {
        for (const s of steps) {
          const r = db.prepare(numbered(s.sql)).run(...(s.params as never[]));
          if (s.changes !== undefined && Number(r.changes) !== s.changes) {
            db.exec('ROLLBACK TO player_tx; RELEASE player_tx');
            return 'stale' as const;
          }
        }
        db.exec('RELEASE player_tx');
        return 'done' as const;
      } catch (err) {
        db.exec('ROLLBACK TO player_tx; RELEASE player_tx');
        if (KEY_TAKEN.has((err as { errcode?: number }).errcode ?? -1)) return 'duplicate' as const;
        throw err;
      }
    });
    return this.track(done);
  }

  /** A write in flight, from its first read on (a result's): the players' reads wait for it. */
  track<T>(done: Promise<T>): Promise<T> {
    const settled = done.then(
      () => {},
      () => {},
    );
    this.inflight.add(settled);
    void settled.then(() => this.inflight.delete(settled));
    return done;
  }
}
