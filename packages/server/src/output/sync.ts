// Engine state → synced schema: every field of the engine's PublicState (the match state but its dice generator), so
// a page reads back the very state the server holds (protocol: board-state.ts reads it; test/board-sync.test.ts
// checks the round trip). Never the RNG state, never a commitment.
// Fields are assigned without reading them back first: a schema setter given the value its field holds records no
// change (test/board-sync.test.ts checks it), and reading a field back costs a getter call of its own.
import { type ArraySchema, createPool } from '@colyseus/schema';
import type { Hex, PublicState, Seat, Squadron as Fighters, WeaponToken } from '@star-eater/engine';
import { type MatchRoomState, Ship, Squadron, Token, type SeatState } from './state.js';

type TokenState = InstanceType<typeof Token>;

function syncStrings(arr: ArraySchema<string>, values: readonly string[]): void {
  for (let i = 0; i < values.length; i++) if (arr[i] !== values[i]) arr[i] = values[i]!;
  while (arr.length > values.length) arr.pop();
}

function syncNumbers(arr: ArraySchema<number>, values: readonly number[]): void {
  for (let i = 0; i < values.length; i++) if (arr[i] !== values[i]) arr[i] = values[i]!;
  while (arr.length > values.length) arr.pop();
}
export { syncStrings, syncNumbers };

/** Scratch space of syncBoard when tokens leave the board (one call at a time: the server is single-threaded). */
const gone: string[] = [];

/**
 * Tokens that left a board, for the next new token of any room: most are projectiles that live a round or two, and
 * making a schema object cost more than the rest of a board's sync. Schema.reset (release) drops a token's refId and
 * its changes, so a reused token joins a board under a fresh refId with every field sent, as a new one does (the
 * patches are the same bytes). A few dozen are plenty for the tokens that leave boards between two that arrive.
 */
const spares = createPool(Token, { maxSize: 32 });

/** Warships and squadrons of boards cleared for a rematch, for the next match to start (the same reuse as tokens'). */
const spareShips = createPool(Ship, { maxSize: 16 });
const spareSquadrons = createPool(Squadron, { maxSize: 64 });

/**
 * The engine state each room's board was last synced from, so the next sync compares plain values with it instead of
 * reading every field back through the schema's accessors: the schema holds exactly that state's values (nothing else
 * writes the ships or the tokens, and clearBoard forgets it). Engine states are never changed once made (the engine
 * works on copies), and a room holds this one anyway (the round's start or its pending resolution).
 */
const synced = new WeakMap<MatchRoomState, Synced>();

/** A room's synced board: the state its schema holds, and its ships' schema objects (read once: each read of the
 * ships array goes through its proxy). */
interface Synced {
  state: PublicState;
  readonly ships: readonly [Ship, Ship];
}

export function syncBoard(room: MatchRoomState, s: PublicState): void {
  room.ruleset = s.ruleset;
  room.scenario = s.scenario.id;
  room.round = s.round;
  room.initiative = s.initiative;
  room.nextTokenId = s.nextTokenId;
  const before = synced.get(room);
  synced.delete(room); // until this sync is complete
  if (before) {
    syncChanges(room, before, s);
    before.state = s;
    synced.set(room, before);
  } else {
    syncAll(room, s);
    synced.set(room, { state: s, ships: [room.ships[0]!, room.ships[1]!] });
  }
}

/** Every field of the board, assigned (only the fields that differ become changes). */
function syncAll(room: MatchRoomState, s: PublicState): void {
  for (const seat of [0, 1] as const) {
    const w = s.ships[seat];
    let ship = room.ships[seat];
    if (!ship) {
      ship = spareShips.acquire();
      room.ships.push(ship);
    }
    ship.name = w.name;
    ship.q = w.core.q;
    ship.r = w.core.r;
    ship.facing = w.facing;
    ship.bow = w.armour.bow;
    ship.core = w.armour.core;
    ship.port = w.armour.port;
    ship.starboard = w.armour.starboard;
    ship.structure = Math.max(-100, w.structure);
    syncStrings(ship.linear, w.momentum.linear);
    syncStrings(ship.rotational, w.momentum.rotational);
    ship.cdMain = w.cooldown.main;
    ship.cdBroadside = w.cooldown.broadside;
    ship.cdFighterBay = w.cooldown.fighterBay;
    ship.cdPointDefence = w.cooldown.pointDefence;
    ship.power = w.power;
    ship.supplyMain = w.supply.main;
    ship.supplyBroadside = w.supply.broadside;
    ship.supplyTorpedo = w.supply.squadronTorpedo;
    ship.thrusterLocked = w.effects.thrusterLocked;
    ship.fuelLeak = w.effects.fuelLeak;
    ship.commsDown = w.effects.commsDown;
    ship.screensFailUntil = w.effects.screensFailUntil;
    ship.markedBonus = w.effects.markedBonus;
    w.squadrons.forEach((q, i) => {
      let v = ship.squadrons[i];
      if (!v) {
        v = spareSquadrons.acquire();
        ship.squadrons.push(v);
      }
      v.id = q.id;
      v.card = q.card;
      v.status = q.status;
      v.munitions = q.munitions;
      v.activated = q.activated;
      v.launchedThisRound = q.launchedThisRound;
    });
  }
  syncTokens(room, s, null);
}

/**
 * The board's changes since `before.state` (`a`), whose values the schema holds: the same writes as syncAll, in the
 * same order, without reading the schema back.
 */
function syncChanges(room: MatchRoomState, before: Synced, s: PublicState): void {
  const a = before.state;
  for (const seat of [0, 1] as const) {
    const was = a.ships[seat];
    const w = s.ships[seat];
    const ship = before.ships[seat];
    if (was.name !== w.name) ship.name = w.name;
    if (was.core.q !== w.core.q) ship.q = w.core.q;
    if (was.core.r !== w.core.r) ship.r = w.core.r;
    if (was.facing !== w.facing) ship.facing = w.facing;
    const ar = was.armour;
    const wr = w.armour;
    if (ar.bow !== wr.bow) ship.bow = wr.bow;
    if (ar.core !== wr.core) ship.core = wr.core;
    if (ar.port !== wr.port) ship.port = wr.port;
    if (ar.starboard !== wr.starboard) ship.starboard = wr.starboard;
    const structure = Math.max(-100, w.structure);
    if (Math.max(-100, was.structure) !== structure) ship.structure = structure;
    stringChanges(ship.linear, was.momentum.linear, w.momentum.linear);
    stringChanges(ship.rotational, was.momentum.rotational, w.momentum.rotational);
    const ac = was.cooldown;
    const wc = w.cooldown;
    if (ac.main !== wc.main) ship.cdMain = wc.main;
    if (ac.broadside !== wc.broadside) ship.cdBroadside = wc.broadside;
    if (ac.fighterBay !== wc.fighterBay) ship.cdFighterBay = wc.fighterBay;
    if (ac.pointDefence !== wc.pointDefence) ship.cdPointDefence = wc.pointDefence;
    if (was.power !== w.power) ship.power = w.power;
    const as = was.supply;
    const ws = w.supply;
    if (as.main !== ws.main) ship.supplyMain = ws.main;
    if (as.broadside !== ws.broadside) ship.supplyBroadside = ws.broadside;
    if (as.squadronTorpedo !== ws.squadronTorpedo) ship.supplyTorpedo = ws.squadronTorpedo;
    const ae = was.effects;
    const we = w.effects;
    if (ae.thrusterLocked !== we.thrusterLocked) ship.thrusterLocked = we.thrusterLocked;
    if (ae.fuelLeak !== we.fuelLeak) ship.fuelLeak = we.fuelLeak;
    if (ae.commsDown !== we.commsDown) ship.commsDown = we.commsDown;
    if (ae.screensFailUntil !== we.screensFailUntil) ship.screensFailUntil = we.screensFailUntil;
    if (ae.markedBonus !== we.markedBonus) ship.markedBonus = we.markedBonus;
    for (let i = 0; i < w.squadrons.length; i++) {
      const aq = was.squadrons[i]!;
      const q = w.squadrons[i]!;
      if (aq.id === q.id && aq.card === q.card && aq.status === q.status && aq.munitions === q.munitions) {
        if (aq.activated === q.activated && aq.launchedThisRound === q.launchedThisRound) continue;
      }
      const v = ship.squadrons[i]!;
      if (aq.id !== q.id) v.id = q.id;
      if (aq.card !== q.card) v.card = q.card;
      if (aq.status !== q.status) v.status = q.status;
      if (aq.munitions !== q.munitions) v.munitions = q.munitions;
      if (aq.activated !== q.activated) v.activated = q.activated;
      if (aq.launchedThisRound !== q.launchedThisRound) v.launchedThisRound = q.launchedThisRound;
    }
  }
  syncTokens(room, s, a);
}

/** A synced string array from `was` (what it holds) to `values`: syncStrings' writes, without reading it back. */
function stringChanges(arr: ArraySchema<string>, was: readonly string[], values: readonly string[]): void {
  if (was === values) return;
  for (let i = 0; i < values.length; i++) if (was[i] !== values[i]) arr[i] = values[i]!;
  for (let n = was.length; n > values.length; n--) arr.pop();
}

/**
 * Tokens on the board, keyed by id: weapon tokens, then squadrons in space. With `a` (the state the schema holds), a
 * token that was there already is written only when it changed (a weapon token is looked up among `a`'s weapon
 * tokens, a squadron among `a`'s squadrons in space: the engine's ids keep the two apart, `p7`/`t7` and `0:1`); without,
 * every token is written. Tokens gone are deleted. Read straight from the engine's states: no list of the board's
 * tokens is built per sync.
 */
function syncTokens(room: MatchRoomState, s: PublicState, a: PublicState | null): void {
  const tokens = s.tokens;
  let count = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const tk = tokens[i]!;
    if (a && sameWeapon(weaponIn(a, i, tk.id), tk)) continue;
    const tok = tokenOf(room, tk.id, true);
    place(tok, tk.kind, tk.owner, tk.at, tk.facing);
    syncWeaponToken(tok, tk);
  }
  for (let seat = 0; seat < 2; seat++) {
    const w = s.ships[seat as Seat];
    const squadrons = w.squadrons;
    for (let j = 0; j < squadrons.length; j++) {
      const q = squadrons[j]!;
      if (!inSpace(q)) continue;
      count++;
      if (a && sameSquadron(squadronIn(a, w.seat, j, q.id), q)) continue;
      place(tokenOf(room, q.id, false), 'squadron', w.seat, q.at, q.facing);
    }
  }
  if (a ? allStill(a, s) : room.tokens.size === count) return;
  dropGone(room, s);
}

/** Deletes the tokens no longer on the board of `s` (a board holds tens of tokens at most: each is looked for). */
function dropGone(room: MatchRoomState, s: PublicState): void {
  gone.length = 0;
  for (const id of room.tokens.keys()) if (!onBoard(s, id)) gone.push(id);
  for (const id of gone) {
    const tok = room.tokens.get(id)!;
    room.tokens.delete(id); // detached first: release resets it
    spares.release(tok);
  }
}

/** Whether token `id` is on the board of `s`. */
function onBoard(s: PublicState, id: string): boolean {
  const tokens = s.tokens;
  for (let i = 0; i < tokens.length; i++) if (tokens[i]!.id === id) return true;
  for (let seat = 0; seat < 2; seat++) {
    const squadrons = s.ships[seat as Seat].squadrons;
    for (let j = 0; j < squadrons.length; j++) if (squadrons[j]!.id === id && inSpace(squadrons[j]!)) return true;
  }
  return false;
}

/**
 * The board's token `id`, taken from the spares if it is new. A spare keeps the fields it had: a squadron's token,
 * which never writes the weapon's fields (syncWeaponToken), gets a new token's values for them.
 */
function tokenOf(room: MatchRoomState, id: string, weapon: boolean): TokenState {
  let tok = room.tokens.get(id);
  if (!tok) {
    tok = spares.acquire();
    if (!weapon) syncWeaponToken(tok, NO_WEAPON);
    room.tokens.set(id, tok);
  }
  return tok;
}

/** What a token carries beyond its place. */
type WeaponFields = Pick<WeaponToken, 'damage' | 'speed' | 'firedRound' | 'weapon'> & { source: string };

/** A squadron's token's weapon fields: a new token's, read off one (the schema's defaults). */
const NO_WEAPON: WeaponFields = (({ source, damage, speed, firedRound, weapon }) => ({
  source,
  damage,
  speed,
  firedRound,
  weapon,
}))(new Token());

/** A token's place (a setter given the value its field holds records nothing). */
function place(tok: TokenState, kind: string, owner: number, at: Hex, facing: string): void {
  tok.kind = kind;
  tok.owner = owner;
  tok.q = at.q;
  tok.r = at.r;
  tok.facing = facing;
}

/** `a`'s weapon token `id`: most often at the same place in the list. */
function weaponIn(a: PublicState, i: number, id: string): WeaponToken | undefined {
  const tokens = a.tokens;
  const same = tokens[i];
  if (same?.id === id) return same;
  for (let k = 0; k < tokens.length; k++) if (tokens[k]!.id === id) return tokens[k];
  return undefined;
}

/** `a`'s squadron `id` if it is in space (a token then), with its ship's seat: most often at the same place. */
function squadronIn(a: PublicState, seat: Seat, j: number, id: string): Fighters | undefined {
  const squadrons = a.ships[seat].squadrons;
  const same = squadrons[j];
  if (same?.id === id) return inSpace(same) ? same : undefined;
  for (const q of squadrons) if (q.id === id && inSpace(q)) return q;
  return undefined;
}

/** A squadron in space: a token on the board, with its place and facing. */
const inSpace = (q: Fighters): q is Fighters & Required<Pick<Fighters, 'at' | 'facing'>> =>
  q.status === 'space' && !!q.at && !!q.facing;

/** Whether every token on the board of `a` is still on the board of `s`. */
function allStill(a: PublicState, s: PublicState): boolean {
  const tokens = a.tokens;
  for (let i = 0; i < tokens.length; i++) if (!weaponIn(s, i, tokens[i]!.id)) return false;
  for (let seat = 0; seat < 2; seat++) {
    const w = a.ships[seat as Seat];
    const squadrons = w.squadrons;
    for (let j = 0; j < squadrons.length; j++) {
      const q = squadrons[j]!;
      if (inSpace(q) && !squadronIn(s, w.seat, j, q.id)) return false;
    }
  }
  return true;
}

/** Whether a weapon token's synced fields are the same in both states. */
function sameWeapon(x: WeaponToken | undefined, y: WeaponToken): boolean {
  return (
    x !== undefined &&
    x.kind === y.kind &&
    x.owner === y.owner &&
    x.at.q === y.at.q &&
    x.at.r === y.at.r &&
    x.facing === y.facing &&
    x.source === y.source &&
    x.damage === y.damage &&
    x.speed === y.speed &&
    x.firedRound === y.firedRound &&
    (x.weapon ?? '') === (y.weapon ?? '')
  );
}

/** Whether a squadron's token is the same in both states (found on the same ship: its owner is the same). */
function sameSquadron(x: Fighters | undefined, y: Fighters): boolean {
  return x !== undefined && x.at!.q === y.at!.q && x.at!.r === y.at!.r && x.facing === y.facing;
}

/** What a weapon token carries beyond its place (its evasion is its kind's, RULES §6: not synced). */
function syncWeaponToken(tok: TokenState, tk: WeaponFields): void {
  tok.source = tk.source;
  tok.damage = tk.damage;
  tok.speed = tk.speed;
  tok.firedRound = tk.firedRound;
  tok.weapon = tk.weapon ?? '';
}

export function clearBoard(room: MatchRoomState): void {
  synced.delete(room);
  // Detached first (cleared), then released: release resets them. A warship's reset empties its arrays and resets
  // its squadrons, so theirs is reset twice (once a match; a second reset finds nothing left to clear).
  const ships = [...room.ships];
  const squadrons = ships.flatMap((ship) => [...ship.squadrons]);
  const tokens = [...room.tokens.values()];
  room.ships.clear();
  room.tokens.clear();
  for (const ship of ships) spareShips.release(ship);
  for (const v of squadrons) spareSquadrons.release(v);
  for (const tok of tokens) spares.release(tok);
}

export function resetSeatForMatch(seat: SeatState): void {
  seat.faction = '';
  seat.lockedIn = false;
  seat.rematch = false;
  seat.main = seat.broadside = seat.fighterBay = seat.pointDefence = '';
  seat.squadrons.clear();
  seat.munitions.clear();
  seat.reconnectLeft = 180;
}
