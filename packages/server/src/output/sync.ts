// Engine state → synced schema: every field of the engine's PublicState (the match state but its dice generator), so
// a page reads back the very state the server holds (protocol: board-state.ts reads it; test/board-sync.test.ts
// checks the round trip). Never the RNG state, never a commitment.
import type { ArraySchema } from '@colyseus/schema';
import type { PublicState, WeaponToken } from '@star-eater/engine';
import { type MatchRoomState, Ship, Squadron, Token, type SeatState } from './state.js';

type TokenState = InstanceType<typeof Token>;

/** Assigns only when the value differs, so unchanged fields cost nothing in the next patch. */
function set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): void {
  if (obj[key] !== value) obj[key] = value;
}

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

export function syncBoard(room: MatchRoomState, s: PublicState): void {
  set(room, 'ruleset', s.ruleset);
  set(room, 'scenario', s.scenario.id);
  set(room, 'round', s.round);
  set(room, 'initiative', s.initiative);
  set(room, 'nextTokenId', s.nextTokenId);
  for (const seat of [0, 1] as const) {
    const w = s.ships[seat];
    let ship = room.ships[seat];
    if (!ship) {
      ship = new Ship();
      room.ships.push(ship);
    }
    set(ship, 'name', w.name);
    set(ship, 'q', w.core.q);
    set(ship, 'r', w.core.r);
    set(ship, 'facing', w.facing);
    set(ship, 'bow', w.armour.bow);
    set(ship, 'core', w.armour.core);
    set(ship, 'port', w.armour.port);
    set(ship, 'starboard', w.armour.starboard);
    set(ship, 'structure', Math.max(-100, w.structure));
    syncStrings(ship.linear, w.momentum.linear);
    syncStrings(ship.rotational, w.momentum.rotational);
    set(ship, 'cdMain', w.cooldown.main);
    set(ship, 'cdBroadside', w.cooldown.broadside);
    set(ship, 'cdFighterBay', w.cooldown.fighterBay);
    set(ship, 'cdPointDefence', w.cooldown.pointDefence);
    set(ship, 'power', w.power);
    set(ship, 'supplyMain', w.supply.main);
    set(ship, 'supplyBroadside', w.supply.broadside);
    set(ship, 'supplyTorpedo', w.supply.squadronTorpedo);
    set(ship, 'thrusterLocked', w.effects.thrusterLocked);
    set(ship, 'fuelLeak', w.effects.fuelLeak);
    set(ship, 'commsDown', w.effects.commsDown);
    set(ship, 'screensFailUntil', w.effects.screensFailUntil);
    set(ship, 'markedBonus', w.effects.markedBonus);
    w.squadrons.forEach((q, i) => {
      let v = ship.squadrons[i];
      if (!v) {
        v = new Squadron();
        ship.squadrons.push(v);
      }
      set(v, 'id', q.id);
      set(v, 'card', q.card);
      set(v, 'status', q.status);
      set(v, 'munitions', q.munitions);
      set(v, 'activated', q.activated);
      set(v, 'launchedThisRound', q.launchedThisRound);
    });
  }
  // Tokens on the board: weapon tokens and squadrons in space, keyed by id.
  seen.clear();
  const put = (id: string, kind: string, owner: number, at: { q: number; r: number }, facing: string): TokenState => {
    seen.add(id);
    let tok = room.tokens.get(id);
    if (!tok) {
      tok = new Token();
      room.tokens.set(id, tok);
    }
    set(tok, 'kind', kind);
    set(tok, 'owner', owner);
    set(tok, 'q', at.q);
    set(tok, 'r', at.r);
    set(tok, 'facing', facing);
    return tok;
  };
  for (const tk of s.tokens) syncWeaponToken(put(tk.id, tk.kind, tk.owner, tk.at, tk.facing), tk);
  for (const w of s.ships)
    for (const q of w.squadrons)
      if (q.status === 'space' && q.at && q.facing) put(q.id, 'squadron', w.seat, q.at, q.facing);
  if (room.tokens.size === seen.size) return;
  gone.length = 0;
  for (const id of room.tokens.keys()) if (!seen.has(id)) gone.push(id);
  for (const id of gone) room.tokens.delete(id);
}

/** What a weapon token carries beyond its place (its evasion is its kind's, RULES §6: not synced). */
function syncWeaponToken(tok: TokenState, tk: WeaponToken): void {
  set(tok, 'source', tk.source);
  set(tok, 'damage', tk.damage);
  set(tok, 'speed', tk.speed);
  set(tok, 'firedRound', tk.firedRound);
  set(tok, 'weapon', tk.weapon ?? '');
}

export function clearBoard(room: MatchRoomState): void {
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
