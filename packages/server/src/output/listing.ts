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
  /** The phase and round last written (the key's last part: the rest is `coarse`). */
  private writtenPhase = '';
  private writtenRound = -1;
  /** The fields of `coarse` at the last update (the phase as its class): see coarseUnchanged. */
  private readonly seen: unknown[] = [];

  constructor(private readonly write: (meta: MatchMetadata) => void) {}

  /**
   * Every update ends with the state's coarse key equal to the one written (written, coalesced, or the same key), so
   * when no coarse field changed since the last update only the phase and round can differ from what was written, and
   * no key need be built: a phase change within a round is found equal or coalesced from a few comparisons.
   */
  update(st: MatchRoomState): void {
    if (this.coarseUnchanged(st)) {
      if (st.phase === this.writtenPhase && st.round === this.writtenRound) return;
      const now = performance.now();
      if (now - this.writtenAt < MIN_GAP_MS) {
        this.coalesce(st, now);
        return;
      }
    }
    this.compare(st);
  }

  /** The change waits for the end of the gap, written then with whatever the state is then. */
  private coalesce(st: MatchRoomState, now: number): void {
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
  }

  /** The state's key against the one written: nothing, a coalesced change, or a write. */
  private compare(st: MatchRoomState): void {
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
      this.coalesce(st, now);
      return;
    }
    this.key = key;
    this.coarse = coarse;
    this.writtenAt = now;
    this.writtenPhase = st.phase;
    this.writtenRound = st.round;
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

  /**
   * Whether the fields of `coarse` are those `seen` holds (which then holds them). The same fields as compare's coarse
   * key: a field added there is added here, or a change of it alone within a round would go unwritten.
   */
  private coarseUnchanged(st: MatchRoomState): boolean {
    const v = this.seen;
    let same = v.length > 0;
    let i = 0;
    same = note(v, i++, IN_PLAY.has(st.phase) ? 'play' : st.phase) && same;
    same = note(v, i++, st.spectators) && same;
    same = note(v, i++, st.settings.preset) && same;
    same = note(v, i++, st.settings.private) && same;
    same = note(v, i++, st.seats.length) && same;
    for (const s of st.seats) {
      same = note(v, i++, s.bot) && same;
      same = note(v, i++, s.taken) && same;
      same = note(v, i++, s.name) && same;
      same = note(v, i++, s.playerId) && same;
      same = note(v, i++, s.faction) && same;
    }
    return same;
  }

  /** The room is gone: no trailing write. */
  dispose(): void {
    if (this.trailing) clearTimeout(this.trailing);
    this.trailing = null;
    this.latest = null;
    this.seen.length = 0;
  }
}

/** Whether `seen[i]` is `value`; it is afterwards. */
function note(seen: unknown[], i: number, value: unknown): boolean {
  if (seen[i] === value) return true;
  seen[i] = value;
  return false;
}
