// The room's entry in the matchmaking listing (its metadata): what /api/matches and /health show of a match. Writing
// it is not free (with Redis it is a network write, and every write emits a change event), so a change the lobby
// needs at once (players, factions, spectators, visibility, the match starting or ending) is written at once, while
// the round and the phase within a running match are coalesced to one write per MIN_GAP_MS at most (a trailing write
// at the end of the gap carries the last of them).
import type { MatchRoomState } from './state.js';

export interface MatchMetadata {
  public: boolean;
  phase: string;
  players: string[];
  /** Beside `players`: each one's player id (their profile), '' for a guest. */
  playerIds: string[];
  factions: string[];
  round: number;
  spectators: number;
  /** A match against the computer: its level. */
  bot?: string;
  /** Timer preset: relaxed | standard | blitz | custom. */
  preset: string;
  /** Quick match: the player waiting alone with a session, and their rating (players/pairing.ts pairs by it). */
  seeker?: { playerId: string; rating: number };
}

const MIN_GAP_MS = 5000;
const IN_PLAY = new Set(['commit', 'resolving']);

export class Listing {
  private key = '';
  private coarse = '';
  private writtenAt = -Infinity;
  /** A coalesced change waits here for the end of the gap, so the listing never stays behind the match. */
  private trailing: ReturnType<typeof setTimeout> | null = null;
  private latest: MatchRoomState | null = null;

  constructor(private readonly write: (meta: MatchMetadata) => void) {}

  update(st: MatchRoomState): void {
    const players: string[] = [];
    const playerIds: string[] = [];
    const factions: string[] = [];
    let bot = '';
    let seeker = '';
    for (const s of st.seats) {
      if (s.bot) bot = s.bot;
      if (s.taken) {
        players.push(s.name);
        playerIds.push(s.playerId);
      }
      if (s.faction) factions.push(s.faction);
      if (s.taken && s.playerId) seeker = s.playerId;
    }
    const alone = st.phase === 'waiting' && players.length === 1 && seeker !== '';
    const pub = !st.settings.private;
    const coarse = `${st.settings.preset}|${pub}|${IN_PLAY.has(st.phase) ? 'play' : st.phase}|${st.spectators}|${players.join('\u0000')}|${playerIds.join(',')}|${factions.join(',')}|${bot}|${alone ? seeker : ''}`;
    const key = `${coarse}|${st.phase}|${st.round}`;
    if (key === this.key) return;
    const now = performance.now();
    if (coarse === this.coarse && now - this.writtenAt < MIN_GAP_MS) {
      // Coalesced: written at the end of the gap with whatever the state is then.
      this.latest = st;
      this.trailing ??= setTimeout(
        () => {
          this.trailing = null;
          const latest = this.latest;
          this.latest = null;
          if (latest) this.update(latest);
        },
        Math.max(1, MIN_GAP_MS - (now - this.writtenAt)),
      );
      this.trailing.unref?.();
      return;
    }
    this.key = key;
    this.coarse = coarse;
    this.writtenAt = now;
    // The listing keeps its metadata while the room lives: arrays of their own length (grown by push, each keeps
    // room for 17).
    const meta: MatchMetadata = {
      public: pub,
      phase: st.phase,
      players: players.slice(),
      playerIds: playerIds.slice(),
      factions: factions.slice(),
      round: st.round,
      spectators: st.spectators,
      preset: st.settings.preset,
    };
    if (bot) meta.bot = bot;
    if (alone) meta.seeker = { playerId: seeker, rating: st.seats.find((s) => s.playerId === seeker)!.rating };
    this.write(meta);
  }

  /** The room is gone: no trailing write. */
  dispose(): void {
    if (this.trailing) clearTimeout(this.trailing);
    this.trailing = null;
    this.latest = null;
  }
}
