// A finished match's summary, as the record list shows it (RULES §10).
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
  /** Present for a match against the computer: its level. */
  bot?: string;
  /** Present when a seat held a session player: the seats' player ids (null for a guest or the computer). */
  playerIds?: [string | null, string | null];
}
