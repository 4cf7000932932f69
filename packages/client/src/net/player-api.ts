// The players' HTTP API as the client reads it: sessions, profiles, match history, rating history, the leaderboard.
import { getJson } from './api.js';
import { isProvisional } from '@star-eater/protocol';

export interface PlayerRef {
  id: string;
  name: string;
}

/** POST /api/session (and a passkey's sign-in): the player and the bearer token for matchmaking. */
export interface SessionAnswer {
  player: PlayerRef;
  token: string;
}

export interface Rating {
  value: number;
  rd: number;
  volatility: number;
  provisional: boolean;
}

export interface Profile {
  id: string;
  name: string;
  rating: Rating;
  games: { total: number; rated: number; wins: number; losses: number; draws: number };
  createdAt: string;
}

export type GameFilter = 'all' | 'rated' | 'casual';

export interface GameRow {
  recordId: string | null;
  rated: boolean;
  result: 'win' | 'loss' | 'draw' | 'aborted';
  reason: string | null;
  /** Why a match that could have counted did not ('pair-limit': the pair's rated matches for the day were played). */
  casualBecause: string | null;
  /** `level`: the computer's, when it was the opponent. */
  opponent: { id: string | null; name: string; bot: boolean; level: string | null };
  ratingBefore: number | null;
  ratingAfter: number | null;
  rounds: number;
  endedAt: string;
}

export interface GamesPage {
  games: GameRow[];
  next: string | null;
}

/** One rated match's rating afterwards. */
export interface RatingPoint {
  rating: number;
  rd: number;
  endedAt: string;
  recordId?: string;
}

export interface LeaderRow {
  id: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
}

/** A rating as shown: rounded, with "?" while provisional. */
export function ratingText(value: number, rd: number): string {
  return `${Math.round(value)}${isProvisional({ rd }) ? '?' : ''}`;
}

const enc = encodeURIComponent;

export const playerApi = {
  profile: (id: string) => getJson<Profile>(`/api/players/${enc(id)}`),
  games: (id: string, filter: GameFilter, before?: string | null) =>
    getJson<GamesPage>(`/api/players/${enc(id)}/games?filter=${filter}${before ? `&before=${enc(before)}` : ''}`),
  history: (id: string) => getJson<{ points: RatingPoint[] }>(`/api/players/${enc(id)}/rating-history`),
  leaderboard: (limit = 100) => getJson<{ players: LeaderRow[] }>(`/api/leaderboard?limit=${limit}`),
};
