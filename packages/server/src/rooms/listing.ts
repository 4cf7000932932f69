// The room's entry in the matchmaking listing (its metadata): what /api/matches and /health show of a match. Writing
// it is not free (with Redis it is a network write, and every write emits a change event), so a change the lobby
// needs at once (players, factions, spectators, visibility, the match starting or ending) is written at once, while
// the round and the phase within a running match are coalesced to one write per MIN_GAP_MS at most (the next change
// after the gap carries them).
import type { MatchRoomState } from './state.js';

export interface MatchMetadata {
  public: boolean;
  phase: string;
  players: string[];
  factions: string[];
  round: number;
  spectators: number;
}

const MIN_GAP_MS = 5000;
const IN_PLAY = new Set(['commit', 'resolving']);

export class Listing {
  private key = '';
  private coarse = '';
  private writtenAt = -Infinity;

  constructor(private readonly write: (meta: MatchMetadata) => void) {}

  update(st: MatchRoomState): void {
    const players: string[] = [];
    const factions: string[] = [];
    for (const s of st.seats) {
      if (s.taken) players.push(s.name);
      if (s.faction) factions.push(s.faction);
    }
    const pub = !st.settings.private;
    const coarse = `${pub}|${IN_PLAY.has(st.phase) ? 'play' : st.phase}|${st.spectators}|${players.join('\u0000')}|${factions.join(',')}`;
    const key = `${coarse}|${st.phase}|${st.round}`;
    if (key === this.key) return;
    const now = performance.now();
    if (coarse === this.coarse && now - this.writtenAt < MIN_GAP_MS) return;
    this.key = key;
    this.coarse = coarse;
    this.writtenAt = now;
    this.write({ public: pub, phase: st.phase, players, factions, round: st.round, spectators: st.spectators });
  }
}
