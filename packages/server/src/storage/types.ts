// One storage interface for finished matches' records (RULES §10): embedded SQLite by default, PostgreSQL when
// DATABASE_URL is set. Rooms hold only the live match; whatever must survive a restart goes through this.
import type { Seat } from '@star-eater/engine';

export interface RecordSummary {
  id: string;
  /** ISO time the match ended. */
  endedAt: string;
  players: [string, string];
  factions: [string, string];
  winner: Seat | 'draw' | null;
  reason: string | null;
  rounds: number;
  /** Present for a match against the computer: its level (issue 10). */
  bot?: string;
}

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Creates the tables when missing. */
  init(): Promise<void>;
  saveRecord(summary: RecordSummary, record: unknown): Promise<void>;
  /** The most recent first. */
  listRecords(limit: number): Promise<RecordSummary[]>;
  getRecord(id: string): Promise<unknown | null>;
  close(): Promise<void>;
}
