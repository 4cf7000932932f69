// Embedded storage on Node's built-in SQLite (node:sqlite, no native build).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RecordSummary, Storage } from './types.js';

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  private db: DatabaseSync;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
  }

  async init(): Promise<void> {
    this.db.exec(`PRAGMA journal_mode = WAL;
      CREATE TABLE IF NOT EXISTS records (
        id TEXT PRIMARY KEY,
        ended_at TEXT NOT NULL,
        summary TEXT NOT NULL,
        record TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS records_ended_at ON records (ended_at);`);
  }

  async saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    this.db
      .prepare('INSERT INTO records (id, ended_at, summary, record) VALUES (?, ?, ?, ?)')
      .run(summary.id, summary.endedAt, JSON.stringify(summary), JSON.stringify(record));
  }

  async listRecords(limit: number): Promise<RecordSummary[]> {
    const rows = this.db.prepare('SELECT summary FROM records ORDER BY ended_at DESC, rowid DESC LIMIT ?').all(limit);
    return rows.map((r) => JSON.parse(String(r.summary)) as RecordSummary);
  }

  async getRecord(id: string): Promise<unknown | null> {
    const row = this.db.prepare('SELECT record FROM records WHERE id = ?').get(id);
    return row ? JSON.parse(String(row.record)) : null;
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
