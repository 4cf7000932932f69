// The room's synced public state (the server's Colyseus schema, decoded) as the client reads it. The board part is
// the protocol's RoomBoard, read into the engine's PublicState by publicStateFromRoom (protocol: board-state.ts), the
// one way the board reaches a page. Structural types only: the client does not import the server.
import { FACTION_IDS, type FactionId } from '@star-eater/engine';
import type { RoomBoard, RoomBoardSeat } from '@star-eater/protocol';

export interface RoomSeat extends RoomBoardSeat {
  name: string;
  /** The seated player's id (their profile) when they hold a session; '' for a guest or the computer. */
  playerId?: string;
  /** Their rating when they took the seat; 0 without a session. */
  rating?: number;
  taken: boolean;
  connected: boolean;
  lockedIn: boolean;
  rematch: boolean;
  munitions: Iterable<number>;
  reconnectLeft: number;
}
export interface RoomSettings {
  private: boolean;
  /** The match counts for rating (quick match, or a private room made rated). */
  rated?: boolean;
  /** relaxed | standard | blitz | custom. */
  preset?: string;
  draftSeconds: number;
  commitSeconds: number;
  promptSeconds: number;
  rangeBands: boolean;
  initiativeRoll: boolean;
  criticalHits: boolean;
}
export interface RoomState extends RoomBoard {
  phase: 'waiting' | 'factions' | 'draft' | 'commit' | 'resolving' | 'finished' | string;
  matchNo: number;
  round: number;
  turn: number;
  step: string;
  deadline: number;
  /** The next timer waits for the clients' animations (the server's animation-wait.ts). */
  animating?: boolean;
  seedHash: string;
  seed: string;
  recordId: string;
  spectators: number;
  settings?: RoomSettings;
  seats: ArrayLike<RoomSeat> & Iterable<RoomSeat>;
}

/** A plain snapshot of the seats (names, factions, picks), for screens. */
export interface SeatInfo {
  name: string;
  taken: boolean;
  connected: boolean;
  faction: FactionId | '';
  lockedIn: boolean;
  rematch: boolean;
  picks: { main: string; broadside: string; fighterBay: string; pointDefence: string; squadrons: string[] };
  munitions: number[];
  reconnectLeft: number;
}

export function seatInfo(s: RoomSeat | undefined): SeatInfo {
  return {
    name: s?.name ?? '',
    taken: !!s?.taken,
    connected: !!s?.connected,
    faction: (s?.faction ?? '') as FactionId | '',
    lockedIn: !!s?.lockedIn,
    rematch: !!s?.rematch,
    picks: {
      main: s?.main ?? '',
      broadside: s?.broadside ?? '',
      fighterBay: s?.fighterBay ?? '',
      pointDefence: s?.pointDefence ?? '',
      squadrons: s ? [...s.squadrons] : [],
    },
    munitions: s ? [...s.munitions] : [],
    reconnectLeft: s?.reconnectLeft ?? 0,
  };
}

/** The two players' names, with a stand-in for a seat not yet named. */
export function seatNames(st: RoomState): [string, string] {
  // (A state not decoded yet has no seats.)
  return [seatInfo(st.seats?.[0]).name || 'Player 1', seatInfo(st.seats?.[1]).name || 'Player 2'];
}

/** The two seats' player ids (null for a guest or the computer), for links to their profiles. */
export function seatPlayerIds(st: RoomState): [string | null, string | null] {
  return [st.seats?.[0]?.playerId || null, st.seats?.[1]?.playerId || null];
}

/** The two players' factions (stand-ins, in the engine's order, only before the faction choice: no screen shows them). */
export function seatFactions(st: RoomState): [FactionId, FactionId] {
  return [seatInfo(st.seats?.[0]).faction || FACTION_IDS[0]!, seatInfo(st.seats?.[1]).faction || FACTION_IDS[1]!];
}
