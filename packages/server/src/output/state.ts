// The synced public state of a match room (@colyseus/schema 5). Everything here is public: sealed commitments,
// prompts and the RNG state never go in it. Clients count down from `deadline` (epoch ms).
import { schema, t, type SchemaType } from '@colyseus/schema';

export const Squadron = schema(
  {
    id: t.string().default(''),
    card: t.string().default(''),
    status: t.string().default('aboard'),
    munitions: t.uint8().default(0),
    /** Acted (or launched) this round, launched this round: mid-round facts the fighter phase's options depend on. */
    activated: t.boolean().default(false),
    launchedThisRound: t.boolean().default(false),
  },
  'Squadron',
);

export const Ship = schema(
  {
    name: t.string().default(''),
    q: t.int8().default(0),
    r: t.int8().default(0),
    facing: t.string().default('N'),
    bow: t.uint8().default(0),
    core: t.uint8().default(0),
    port: t.uint8().default(0),
    starboard: t.uint8().default(0),
    structure: t.int8().default(0),
    linear: t.array('string'),
    rotational: t.array('string'),
    cdMain: t.uint8().default(0),
    cdBroadside: t.uint8().default(0),
    cdFighterBay: t.uint8().default(0),
    cdPointDefence: t.uint8().default(0),
    power: t.uint8().default(0),
    supplyMain: t.uint8().default(0),
    supplyBroadside: t.uint8().default(0),
    supplyTorpedo: t.uint8().default(0),
    squadrons: t.array(Squadron),
    /** Critical-hit effects (RULES §9, rolled in the open) and a Pathfinder's mark: the previews depend on them. */
    thrusterLocked: t.boolean().default(false),
    fuelLeak: t.boolean().default(false),
    commsDown: t.boolean().default(false),
    screensFailUntil: t.uint16().default(0),
    markedBonus: t.uint8().default(0),
  },
  'Ship',
);

export const Token = schema(
  {
    kind: t.string().default(''),
    owner: t.uint8().default(0),
    q: t.int8().default(0),
    r: t.int8().default(0),
    facing: t.string().default('N'),
    /** Weapon tokens only: the supply it returns to, damage, speed, the round fired, the weapon card ('' for none). */
    source: t.string().default(''),
    damage: t.uint8().default(0),
    speed: t.uint8().default(0),
    firedRound: t.uint16().default(0),
    weapon: t.string().default(''),
  },
  'Token',
);

/** One seat: who sits there and what is public about their side. */
export const SeatState = schema(
  {
    name: t.string().default(''),
    /** The player's id (players/: their profile) when they hold a session; '' for a guest or the computer. */
    playerId: t.string().default(''),
    /** Their rating when they took the seat (Glicko-2, players/glicko.ts); 0 without a session. */
    rating: t.float32().default(0),
    /** A player holds this seat (connected or within the reconnection budget). */
    taken: t.boolean().default(false),
    connected: t.boolean().default(false),
    /** The computer's level (easy, medium, hard) when the computer sits here; '' for a person. */
    bot: t.string().default(''),
    faction: t.string().default(''),
    /** Sealed commitment locked in this round: yes/no only (RULES §4.1). */
    lockedIn: t.boolean().default(false),
    rematch: t.boolean().default(false),
    /** Draft picks (public, RULES §5). */
    main: t.string().default(''),
    broadside: t.string().default(''),
    fighterBay: t.string().default(''),
    pointDefence: t.string().default(''),
    squadrons: t.array('string'),
    munitions: t.array('uint8'),
    /** Seconds of reconnection budget left. */
    reconnectLeft: t.uint16().default(180),
  },
  'SeatState',
);

export const Settings = schema(
  {
    private: t.boolean().default(false),
    /** The room plays for rating (quick match; a private room its creator made rated): players/result.ts. */
    rated: t.boolean().default(false),
    /** Timer preset: relaxed | standard | blitz, or custom when the creator set the seconds. */
    preset: t.string().default('standard'),
    draftSeconds: t.uint16().default(45),
    commitSeconds: t.uint16().default(60),
    promptSeconds: t.uint16().default(30),
    rangeBands: t.boolean().default(false),
    initiativeRoll: t.boolean().default(false),
    criticalHits: t.boolean().default(false),
  },
  'Settings',
);

export const MatchRoomState = schema(
  {
    /** waiting | factions | draft | commit | resolving | finished */
    phase: t.string().default('waiting'),
    /** Matches played in this room (rematches count up). */
    matchNo: t.uint16().default(0),
    round: t.uint16().default(0),
    /** Who acts now (draft turn, decision prompt), -1 for nobody / both. */
    turn: t.int8().default(-1),
    /** The draft step (pick, swap, munitions) or the prompt kind being answered. */
    step: t.string().default(''),
    /** Epoch ms at which the current timer runs out; 0 when none. */
    deadline: t.float64().default(0),
    /** The next timer waits for the clients to finish animating the round's events (animation-wait.ts). */
    animating: t.boolean().default(false),
    initiative: t.int8().default(-1),
    /** The engine's ruleset and scenario of the match, and its next weapon token's number (board-state.ts). */
    ruleset: t.string().default(''),
    scenario: t.string().default(''),
    nextTokenId: t.uint16().default(0),
    /** SHA-256 of the seed, published at the start; the seed itself only once the match is over. */
    seedHash: t.string().default(''),
    seed: t.string().default(''),
    /** -1 none, 0/1 a seat, 2 a draw. */
    winner: t.int8().default(-1),
    endReason: t.string().default(''),
    recordId: t.string().default(''),
    spectators: t.uint16().default(0),
    settings: t.ref(Settings),
    seats: t.array(SeatState),
    ships: t.array(Ship),
    tokens: t.map(Token),
  },
  'MatchRoomState',
);

export type MatchRoomState = SchemaType<typeof MatchRoomState>;
export type SeatState = SchemaType<typeof SeatState>;
export type Ship = SchemaType<typeof Ship>;
