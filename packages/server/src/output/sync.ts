// Engine state → synced schema: every field of the engine's PublicState (the match state but its dice generator), so
// a page reads back the very state the server holds (protocol: board-state.ts reads it; test/board-sync.test.ts
// checks the round trip). Never the RNG state, never a commitment.
// Fields are assigned without reading them back first: a schema setter given the value its field holds records no
// change (test/board-sync.test.ts checks it), and reading a field back costs a getter call of its own.
import type { ArraySchema } from '@colyseus/schema';
import type { PublicState, WeaponToken } from '@star-eater/engine';
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

/** Scratch space of syncBoard (one call at a time: the server is single-threaded). */
const seen = new Set<string>();
const gone: string[] = [];

/**
 * The engine state each room's board was last synced from, so the next sync compares plain values with it instead of
 * reading every field back through the schema's accessors: the schema holds exactly that state's values (nothing else
 * writes the ships or the tokens, and clearBoard forgets it). Engine states are never changed once made (the engine
 * works on copies), and a room holds this one anyway (the round's start or its pending resolution).
 */
const synced = new WeakMap<MatchRoomState, PublicState>();

export function syncBoard(room: MatchRoomState, s: PublicState): void {
  room.ruleset = s.ruleset;
  room.scenario = s.scenario.id;
  room.round = s.round;
  room.initiative = s.initiative;
  room.nextTokenId = s.nextTokenId;
  const before = synced.get(room);
  synced.delete(room); // until this sync is complete
  if (before) syncChanges(room, before, s);
  else syncAll(room, s);
  synced.set(room, s);
}

/** Every field of the board, assigned (only the fields that differ become changes). */
function syncAll(room: MatchRoomState, s: PublicState): void {
  for (const seat of [0, 1] as const) {
    const w = s.ships[seat];
    let ship = room.ships[seat];
    if (!ship) {
      ship = new Ship();
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
        v = new Squadron();
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
 * The board's changes since `a`, whose values the schema holds: the same writes as syncAll, in the same order, without
 * reading the schema back (a ship's schema object is read only when one of its fields changed).
 */
function syncChanges(room: MatchRoomState, a: PublicState, s: PublicState): void {
  for (const seat of [0, 1] as const) {
    const was = a.ships[seat];
    const w = s.ships[seat];
    const ship = room.ships[seat]!;
    if (was.name !== w.name) ship.name = w.name;
    if (was.core.q !== w.core.q) ship.q = w.core.q;
    if (was.core.r !== w.core.r) ship.r = w.core.r;
    if (was.facing !== w.facing) ship.facing = w.facing;
    const [ar, wr] = [was.armour, w.armour];
    if (ar.bow !== wr.bow) ship.bow = wr.bow;
    if (ar.core !== wr.core) ship.core = wr.core;
    if (ar.port !== wr.port) ship.port = wr.port;
    if (ar.starboard !== wr.starboard) ship.starboard = wr.starboard;
    const structure = Math.max(-100, w.structure);
    if (Math.max(-100, was.structure) !== structure) ship.structure = structure;
    stringChanges(ship.linear, was.momentum.linear, w.momentum.linear);
    stringChanges(ship.rotational, was.momentum.rotational, w.momentum.rotational);
    const [ac, wc] = [was.cooldown, w.cooldown];
    if (ac.main !== wc.main) ship.cdMain = wc.main;
    if (ac.broadside !== wc.broadside) ship.cdBroadside = wc.broadside;
    if (ac.fighterBay !== wc.fighterBay) ship.cdFighterBay = wc.fighterBay;
    if (ac.pointDefence !== wc.pointDefence) ship.cdPointDefence = wc.pointDefence;
    if (was.power !== w.power) ship.power = w.power;
    const [as, ws] = [was.supply, w.supply];
    if (as.main !== ws.main) ship.supplyMain = ws.main;
    if (as.broadside !== ws.broadside) ship.supplyBroadside = ws.broadside;
    if (as.squadronTorpedo !== ws.squadronTorpedo) ship.supplyTorpedo = ws.squadronTorpedo;
    const [ae, we] = [was.effects, w.effects];
    if (ae.thrusterLocked !== we.thrusterLocked) ship.thrusterLocked = we.thrusterLocked;
    if (ae.fuelLeak !== we.fuelLeak) ship.fuelLeak = we.fuelLeak;
    if (ae.commsDown !== we.commsDown) ship.commsDown = we.commsDown;
    if (ae.screensFailUntil !== we.screensFailUntil) ship.screensFailUntil = we.screensFailUntil;
    if (ae.markedBonus !== we.markedBonus) ship.markedBonus = we.markedBonus;
    for (let i = 0; i < w.squadrons.length; i++) {
      const [aq, q] = [was.squadrons[i]!, w.squadrons[i]!];
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

/** A token on the board as the schema holds it: weapon tokens, then squadrons in space (keyed by id). */
interface BoardToken {
  id: string;
  kind: string;
  owner: number;
  at: { q: number; r: number };
  facing: string;
  weapon: WeaponToken | null;
}

function boardTokens(s: PublicState, out: BoardToken[]): BoardToken[] {
  for (const tk of s.tokens)
    out.push({ id: tk.id, kind: tk.kind, owner: tk.owner, at: tk.at, facing: tk.facing, weapon: tk });
  for (const w of s.ships)
    for (const q of w.squadrons)
      if (q.status === 'space' && q.at && q.facing)
        out.push({ id: q.id, kind: 'squadron', owner: w.seat, at: q.at, facing: q.facing, weapon: null });
  return out;
}

/**
 * Tokens on the board, keyed by id. With `a` (the state the schema holds), a token that was there already is read
 * from the schema only when it changed; without, every token is read back. Tokens gone are deleted.
 */
function syncTokens(room: MatchRoomState, s: PublicState, a: PublicState | null): void {
  const now = boardTokens(s, []);
  const was = a ? boardTokens(a, []) : [];
  seen.clear();
  for (const t of now) {
    seen.add(t.id);
    const old = was.find((o) => o.id === t.id);
    if (old && !tokenChanged(old, t)) continue;
    let tok = room.tokens.get(t.id);
    if (!tok) {
      tok = new Token();
      room.tokens.set(t.id, tok);
    }
    tok.kind = t.kind;
    tok.owner = t.owner;
    tok.q = t.at.q;
    tok.r = t.at.r;
    tok.facing = t.facing;
    if (t.weapon) syncWeaponToken(tok, t.weapon);
  }
  if (a ? was.every((o) => seen.has(o.id)) : room.tokens.size === seen.size) return;
  gone.length = 0;
  for (const id of room.tokens.keys()) if (!seen.has(id)) gone.push(id);
  for (const id of gone) room.tokens.delete(id);
}

/** Whether a token's synced fields differ between two states. */
function tokenChanged(a: BoardToken, t: BoardToken): boolean {
  if (a.kind !== t.kind || a.owner !== t.owner || a.at.q !== t.at.q || a.at.r !== t.at.r || a.facing !== t.facing)
    return true;
  const [x, y] = [a.weapon, t.weapon];
  if (!x || !y) return x !== y;
  return (
    x.source !== y.source ||
    x.damage !== y.damage ||
    x.speed !== y.speed ||
    x.firedRound !== y.firedRound ||
    (x.weapon ?? '') !== (y.weapon ?? '')
  );
}

/** What a weapon token carries beyond its place (its evasion is its kind's, RULES §6: not synced). */
function syncWeaponToken(tok: TokenState, tk: WeaponToken): void {
  tok.source = tk.source;
  tok.damage = tk.damage;
  tok.speed = tk.speed;
  tok.firedRound = tk.firedRound;
  tok.weapon = tk.weapon ?? '';
}

export function clearBoard(room: MatchRoomState): void {
  synced.delete(room);
  room.ships.clear();
  room.tokens.clear();
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
