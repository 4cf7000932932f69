// PostgreSQL storage (pg), used when DATABASE_URL is set.
import pg from 'pg';
import type { RecordSummary, Storage } from './types.js';

export class PostgresStorage implements Storage {
  readonly kind = 'postgres' as const;
  private pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 4 });
  }

  async init(): Promise<void> {
    // Several game servers may start at once against one database: CREATE … IF NOT EXISTS is not safe when run
    // concurrently (duplicate key in pg_type), so the schema is set up under a transaction-scoped advisory lock.
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query("SELECT pg_advisory_xact_lock(hashtext('star-eater:schema'))");
      await c.query(`CREATE TABLE IF NOT EXISTS records (
        id TEXT PRIMARY KEY,
        ended_at TIMESTAMPTZ NOT NULL,
        seq BIGSERIAL,
        summary JSONB NOT NULL,
        record JSONB NOT NULL
      )`);
      await c.query('CREATE INDEX IF NOT EXISTS records_ended_at ON records (ended_at)');
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      c.release();
    }
  }

  async saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    await this.pool.query('INSERT INTO records (id, ended_at, summary, record) VALUES ($1, $2, $3, $4)', [
      summary.id,
      summary.endedAt,
      JSON.stringify(summary),
      JSON.stringify(record),
    ]);
  }

  async listRecords(limit: number): Promise<RecordSummary[]> {
    const r = await this.pool.query('SELECT summary FROM records ORDER BY ended_at DESC, seq DESC LIMIT $1', [limit]);
    return r.rows.map((row) => row.summary as RecordSummary);
  }

  async getRecord(id: string): Promise<unknown | null> {
    const r = await this.pool.query('SELECT record FROM records WHERE id = $1', [id]);
    return r.rows[0]?.record ?? null;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
