// The board's one way from the server to a page. The server writes the engine's public state into the room's synced
// schema (server: output/sync.ts writes it, output/state.ts declares it); a page reads the decoded schema back into the
// engine's PublicState here, field for field, so the engine's previews (drift, weapon reach, commitment options, the
// legal answers to a prompt) run on the page exactly as they would on the server's state. Nothing is filled in: a
// field the schema does not hold is not in PublicState (the dice generator, RULES §7), and a schema that cannot be
// read whole is an error, never a guess. Structural types only: neither side imports the other.
import { FACTIONS, isFactionId, parseDir, SCENARIOS, TOKEN_EVASION } from '@star-eater/engine';
import type {
  Dir,
  EndReason,
  Loadout,
  PublicState,
  Seat,
  Squadron,
  SquadronStatus,
  TokenSource,
  Warship,
  WeaponToken,
} from '@star-eater/engine';

export interface RoomSquadron {
  id: string;
  card: string;
  status: string;
  munitions: number;
  activated: boolean;
  launchedThisRound: boolean;
}
export interface RoomShip {
  name: string;
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
  /** Critical-hit effects and round-long marks (RULES §9): public, rolled in the open. */
  thrusterLocked: boolean;
  fuelLeak: boolean;
  commsDown: boolean;
  screensFailUntil: number;
  markedBonus: number;
}
export interface RoomToken {
  kind: string;
  owner: number;
  q: number;
  r: number;
  facing: string;
  /** Weapon tokens: the supply it returns to, its damage and speed, the round fired, the weapon card ('' for none). */
  source: string;
  damage: number;
  speed: number;
  firedRound: number;
  weapon: string;
}
/** What the board needs of a seat: its player's faction and draft picks (public, RULES §5). */
export interface RoomBoardSeat {
  faction: string;
  main: string;
  broadside: string;
  fighterBay: string;
  pointDefence: string;
  squadrons: Iterable<string>;
}
export interface RoomBoard {
  ruleset: string;
  scenario: string;
  round: number;
  initiative: number;
  nextTokenId: number;
  /** -1 none, 0/1 a seat, 2 a draw. */
  winner: number;
  endReason: string;
  settings?: { rangeBands: boolean; initiativeRoll: boolean; criticalHits: boolean } | undefined;
  seats: ArrayLike<RoomBoardSeat>;
  ships: ArrayLike<RoomShip>;
  tokens: { forEach(cb: (t: RoomToken, id: string) => void): void };
}

const END_REASONS: readonly EndReason[] = ['destroyed', 'draw', 'concede', 'forfeit'];
const STATUSES: readonly SquadronStatus[] = ['aboard', 'space', 'destroyed'];
const SOURCES: readonly TokenSource[] = ['main', 'broadside', 'squadronTorpedo'];

function bad(what: string, value: unknown): never {
  throw new Error(`synced board: ${what} ${JSON.stringify(value)} is not one the engine knows`);
}
function dir(name: string): Dir {
  return parseDir(name) ?? bad('direction', name);
}
function seatOf(n: number): Seat {
  return n === 0 || n === 1 ? n : bad('seat', n);
}
function oneOf<T extends string>(list: readonly T[], what: string, value: string): T {
  return (list as readonly string[]).includes(value) ? (value as T) : bad(what, value);
}

type Placed = Map<string, { q: number; r: number; facing: Dir }>;

/** Weapon tokens as the engine's, and where each squadron in space stands (by id). */
function tokensOf(rb: RoomBoard): { tokens: WeaponToken[]; placed: Placed } {
  const placed: Placed = new Map();
  const tokens: WeaponToken[] = [];
  rb.tokens.forEach((t, id) => {
    if (t.kind === 'squadron') {
      placed.set(id, { q: t.q, r: t.r, facing: dir(t.facing) });
      return;
    }
    const kind = t.kind === 'projectile' || t.kind === 'torpedo' ? t.kind : bad('token kind', t.kind);
    tokens.push({
      id,
      kind,
      owner: seatOf(t.owner),
      source: oneOf(SOURCES, 'token source', t.source),
      at: { q: t.q, r: t.r },
      facing: dir(t.facing),
      damage: t.damage,
      speed: t.speed,
      firedRound: t.firedRound,
      // Every weapon token has its kind's evasion (RULES §6): the engine's value, not a synced copy of it.
      evasion: TOKEN_EVASION[kind],
      ...(t.weapon ? { weapon: t.weapon } : {}),
    });
  });
  // The engine keeps tokens in the order fired; ids count up (tokens.ts: newTokenId).
  tokens.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  return { tokens, placed };
}

function squadronsOf(w: RoomShip, placed: Placed): Warship['squadrons'] {
  const sqs = [...w.squadrons].map((q, index): Squadron => {
    const status = oneOf(STATUSES, 'squadron status', q.status);
    const at = placed.get(q.id);
    if (status === 'space' && !at) throw new Error(`synced board: squadron ${q.id} is in space with no token`);
    return {
      id: q.id,
      index,
      card: q.card,
      status,
      munitions: q.munitions,
      ...(at && status === 'space' ? { at: { q: at.q, r: at.r }, facing: at.facing } : {}),
      activated: q.activated,
      launchedThisRound: q.launchedThisRound,
    };
  });
  if (sqs.length !== 3) throw new Error(`synced board: a warship with ${sqs.length} squadrons, not 3`);
  return [sqs[0]!, sqs[1]!, sqs[2]!];
}

function shipOf(w: RoomShip, p: RoomBoardSeat, seat: Seat, placed: Placed): Warship {
  const faction = isFactionId(p.faction) ? p.faction : bad('faction', p.faction);
  const sq = [...p.squadrons];
  const loadout: Loadout = {
    main: p.main,
    broadside: p.broadside,
    fighterBay: p.fighterBay,
    pointDefence: p.pointDefence,
    squadrons: [
      sq[0] ?? bad('squadron pick', sq),
      sq[1] ?? bad('squadron pick', sq),
      sq[2] ?? bad('squadron pick', sq),
    ],
  };
  return {
    seat,
    name: w.name,
    faction,
    loadout,
    core: { q: w.q, r: w.r },
    facing: dir(w.facing),
    armour: { bow: w.bow, core: w.core, port: w.port, starboard: w.starboard },
    // Every warship starts with its faction's armour (RULES §6, match.ts): the engine's table, not a synced copy.
    startArmour: { ...FACTIONS[faction].armour },
    structure: w.structure,
    momentum: {
      linear: [...w.linear].map(dir),
      rotational: [...w.rotational].map((r) => (r === 'CW' || r === 'CCW' ? r : bad('rotation', r))),
    },
    cooldown: { main: w.cdMain, broadside: w.cdBroadside, fighterBay: w.cdFighterBay, pointDefence: w.cdPointDefence },
    power: w.power,
    supply: { main: w.supplyMain, broadside: w.supplyBroadside, squadronTorpedo: w.supplyTorpedo },
    squadrons: squadronsOf(w, placed),
    effects: {
      thrusterLocked: w.thrusterLocked,
      fuelLeak: w.fuelLeak,
      commsDown: w.commsDown,
      screensFailUntil: w.screensFailUntil,
      markedBonus: w.markedBonus,
    },
  };
}

/** The engine's public state of the synced board, or null before the match has one (factions, draft). */
export function publicStateFromRoom(rb: RoomBoard): PublicState | null {
  if (!rb.ships || rb.ships.length < 2 || !rb.settings) return null;
  const scenario = SCENARIOS[rb.scenario] ?? bad('scenario', rb.scenario);
  const { tokens, placed } = tokensOf(rb);
  const ship = (seat: Seat): Warship => {
    const p = rb.seats[seat] ?? bad('seat', seat);
    return shipOf(rb.ships[seat]!, p, seat, placed);
  };
  const { rangeBands, initiativeRoll, criticalHits } = rb.settings;
  return {
    ruleset: rb.ruleset,
    scenario,
    variants: { rangeBands, initiativeRoll, criticalHits },
    round: rb.round,
    initiative: seatOf(rb.initiative),
    winner: rb.winner === -1 ? null : rb.winner === 2 ? 'draw' : seatOf(rb.winner),
    endReason: rb.endReason === '' ? null : oneOf(END_REASONS, 'end reason', rb.endReason),
    ships: [ship(0), ship(1)],
    tokens,
    nextTokenId: rb.nextTokenId,
  };
}
