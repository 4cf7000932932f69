// The room's synced public state (the server's Colyseus schema, decoded) as the client reads it, and its conversion
// to the engine's MatchState shape so the engine's pure helpers (momentum preview, arcs, legal options) can run on it.
// Structural types only: the client does not import the server.
import { FACTION_IDS, FACTIONS, isFactionId, parseDir, STANDARD, TOKEN_EVASION } from '@star-eater/engine';
import type { Dir, FactionId, Loadout, MatchState, Seat, Squadron, Warship, WeaponToken } from '@star-eater/engine';

export interface RoomSquadron {
  id: string;
  card: string;
  status: string;
  munitions: number;
}
export interface RoomShip {
  q: number;
  r: number;
  facing: string;
  bow: number;
  core: number;
  port: number;
  starboard: number;
  structure: number;
  linear: Iterable<string>;
  rotational: Iterable<string>;
  cdMain: number;
  cdBroadside: number;
  cdFighterBay: number;
  cdPointDefence: number;
  power: number;
  supplyMain: number;
  supplyBroadside: number;
  supplyTorpedo: number;
  squadrons: Iterable<RoomSquadron>;
}
export interface RoomToken {
  kind: string;
  owner: number;
  q: number;
  r: number;
  facing: string;
}
export interface RoomSeat {
  name: string;
  taken: boolean;
  connected: boolean;
  faction: string;
  lockedIn: boolean;
  rematch: boolean;
  main: string;
  broadside: string;
  fighterBay: string;
  pointDefence: string;
  squadrons: Iterable<string>;
  munitions: Iterable<number>;
  reconnectLeft: number;
}
export interface RoomSettings {
  private: boolean;
  /** relaxed | standard | blitz | custom. */
  preset?: string;
  draftSeconds: number;
  commitSeconds: number;
  promptSeconds: number;
  rangeBands: boolean;
  initiativeRoll: boolean;
  criticalHits: boolean;
}
export interface RoomState {
  phase: 'waiting' | 'factions' | 'draft' | 'commit' | 'resolving' | 'finished' | string;
  matchNo: number;
  round: number;
  turn: number;
  step: string;
  deadline: number;
  /** The next timer waits for the clients' animations (the server's animation-wait.ts). */
  animating?: boolean;
  initiative: number;
  seedHash: string;
  seed: string;
  winner: number;
  endReason: string;
  recordId: string;
  spectators: number;
  settings?: RoomSettings;
  seats: ArrayLike<RoomSeat> & Iterable<RoomSeat>;
  ships: ArrayLike<RoomShip> & Iterable<RoomShip>;
  tokens: { forEach(cb: (t: RoomToken, id: string) => void): void };
}

/** The synced schema carries direction names (RULES §10); the server only ever writes one of the six. */
const dir = (name: string): Dir => parseDir(name) ?? 'N';

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

/** The two players' factions (stand-ins, in the engine's order, only before the faction choice: no screen shows them). */
export function seatFactions(st: RoomState): [FactionId, FactionId] {
  return [seatInfo(st.seats?.[0]).faction || FACTION_IDS[0]!, seatInfo(st.seats?.[1]).faction || FACTION_IDS[1]!];
}

type SquadronsAt = Map<string, { q: number; r: number; facing: Dir }>;

/** The synced tokens: weapon tokens as the engine's, squadrons in space by id (their ships list them). */
function tokensFromRoom(rs: RoomState): { tokens: WeaponToken[]; squadronsAt: SquadronsAt } {
  const squadronsAt: SquadronsAt = new Map();
  const tokens: WeaponToken[] = [];
  rs.tokens.forEach((t, id) => {
    if (t.kind === 'squadron') {
      squadronsAt.set(id, { q: t.q, r: t.r, facing: dir(t.facing) });
      return;
    }
    const kind = t.kind === 'torpedo' ? 'torpedo' : 'projectile';
    tokens.push({
      id,
      kind,
      owner: (t.owner === 1 ? 1 : 0) as Seat,
      source: 'main',
      at: { q: t.q, r: t.r },
      facing: dir(t.facing),
      damage: 0,
      speed: 0,
      firedRound: 0,
      evasion: TOKEN_EVASION[kind],
    });
  });
  return { tokens, squadronsAt };
}

function squadronsFromRoom(w: RoomShip, squadronsAt: SquadronsAt): [Squadron, Squadron, Squadron] {
  const sqs = [...w.squadrons].map((q, index): Squadron => {
    const at = squadronsAt.get(q.id);
    return {
      id: q.id,
      index,
      card: q.card,
      status: (q.status as Squadron['status']) ?? 'aboard',
      munitions: q.munitions,
      ...(at && q.status === 'space' ? { at: { q: at.q, r: at.r }, facing: at.facing } : {}),
      activated: false,
      launchedThisRound: false,
    };
  });
  return [sqs[0]!, sqs[1]!, sqs[2]!];
}

function shipFromRoom(w: RoomShip, info: SeatInfo, seat: Seat, squadronsAt: SquadronsAt): Warship {
  // The board exists only after the faction choice; the first faction stands in for a seat not synced yet.
  const faction: FactionId = isFactionId(info.faction) ? info.faction : FACTION_IDS[0]!;
  const p = info.picks;
  const loadout: Loadout = {
    main: p.main,
    broadside: p.broadside,
    fighterBay: p.fighterBay,
    pointDefence: p.pointDefence,
    squadrons: [p.squadrons[0] ?? '', p.squadrons[1] ?? '', p.squadrons[2] ?? ''],
  };
  return {
    seat,
    name: info.name || `Player ${seat + 1}`,
    faction,
    loadout,
    core: { q: w.q, r: w.r },
    facing: dir(w.facing),
    armour: { bow: w.bow, core: w.core, port: w.port, starboard: w.starboard },
    startArmour: { ...FACTIONS[faction].armour },
    structure: w.structure,
    momentum: { linear: [...w.linear].map(dir), rotational: [...w.rotational] as ('CW' | 'CCW')[] },
    cooldown: { main: w.cdMain, broadside: w.cdBroadside, fighterBay: w.cdFighterBay, pointDefence: w.cdPointDefence },
    power: w.power,
    supply: { main: w.supplyMain, broadside: w.supplyBroadside, squadronTorpedo: w.supplyTorpedo },
    squadrons: squadronsFromRoom(w, squadronsAt),
    effects: { thrusterLocked: false, fuelLeak: false, commsDown: false, screensFailUntil: 0, markedBonus: 0 },
  };
}

/** The engine's MatchState for the synced board, or null before the match has a board. Not for deciding outcomes. */
export function matchStateFromRoom(rs: RoomState): MatchState | null {
  if (!rs.ships || rs.ships.length < 2) return null;
  const { tokens, squadronsAt } = tokensFromRoom(rs);
  const ship = (seat: Seat): Warship => shipFromRoom(rs.ships[seat]!, seatInfo(rs.seats[seat]), seat, squadronsAt);
  return {
    ruleset: 'client-view',
    // The room plays the standard board (RULES §1); the synced state names no other scenario.
    scenario: STANDARD,
    variants: {
      rangeBands: !!rs.settings?.rangeBands,
      initiativeRoll: !!rs.settings?.initiativeRoll,
      criticalHits: !!rs.settings?.criticalHits,
    },
    round: rs.round,
    initiative: (rs.initiative === 1 ? 1 : 0) as Seat,
    winner: rs.winner === 2 ? 'draw' : rs.winner === 0 || rs.winner === 1 ? (rs.winner as Seat) : null,
    endReason: null,
    ships: [ship(0), ship(1)],
    tokens,
    rng: [0, 0, 0, 0],
    nextTokenId: 0,
  };
}
