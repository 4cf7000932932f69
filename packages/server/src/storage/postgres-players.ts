// The players' SQL (player-store.ts) on PostgreSQL: a transaction per write on a connection of the pool; a key taken
// (23505: the match was written already) rolls it back.
import type pg from 'pg';
import type { SqlExec, Step } from './player-store.js';

export class PostgresSql implements SqlExec {
  constructor(private readonly pool: pg.Pool) {}

  async all(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return (await this.pool.query(sql, params)).rows;
  }

  async transaction(steps: Step[]): Promise<'done' | 'stale' | 'duplicate'> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      for (const s of steps) {
        const r = await c.query(s.sql, s.params);
        if (s.changes !== undefined && r.rowCount !== s.changes) {
          await c.query('ROLLBACK');
          return 'stale';
        }
      }
      await c.query('COMMIT');
      return 'done';
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      if ((err as { code?: string }).code === '23505') return 'duplicate';
      throw err;
    } finally {
      c.release();
    }
  }
}
