// Small tokens on the board (RULES §4.2, §4.4): squadrons in space and weapon tokens (projectiles, torpedoes).
import type { Ctx } from './context.js';
import type { Source, TokenRef } from './events.js';
import { equals } from './hex.js';
import type { Dir, Hex, PublicState, Seat, Squadron, WeaponToken } from './types.js';

export interface SmallToken {
  ref: TokenRef;
  at: Hex;
  facing: Dir;
}

export const squadronRef = (seat: Seat, sq: Squadron): TokenRef => ({ kind: 'squadron', id: sq.id, owner: seat });
export const weaponRef = (t: WeaponToken): TokenRef => ({ kind: t.kind, id: t.id, owner: t.owner });

/** A squadron is a small token on the board while it is in space, with a hex and a facing (RULES §4.4). */
const inSpace = (sq: Squadron): sq is Squadron & { at: Hex; facing: Dir } =>
  sq.status === 'space' && !!sq.at && sq.facing !== undefined;

/** Every small token on the board (or only those on `at`): squadrons in space, then weapon tokens, in a fixed order. */
export function smallTokens(s: PublicState, at?: Hex): SmallToken[] {
  const out: SmallToken[] = [];
  for (const ship of s.ships) {
    for (const sq of ship.squadrons) {
      if (inSpace(sq) && (!at || equals(sq.at, at)))
        out.push({ ref: squadronRef(ship.seat, sq), at: sq.at, facing: sq.facing });
    }
  }
  for (const t of s.tokens) if (!at || equals(t.at, at)) out.push({ ref: weaponRef(t), at: t.at, facing: t.facing });
  return out;
}

/** The hexes of `smallTokens`, in its order, without naming the tokens (for obstruction scans). */
export function smallTokenHexes(s: PublicState): Hex[] {
  const out: Hex[] = [];
  for (const ship of s.ships) for (const sq of ship.squadrons) if (inSpace(sq)) out.push(sq.at);
  for (const t of s.tokens) out.push(t.at);
  return out;
}

/**
 * Whether a small token stands on a hex that `test(arg, hex)` accepts, listing nothing: movement asks it at every
 * step, with a test made once rather than a closure per step.
 */
export function someSmallTokenHex<A>(s: PublicState, test: (arg: A, at: Hex) => boolean, arg: A): boolean {
  for (const ship of s.ships) for (const sq of ship.squadrons) if (inSpace(sq) && test(arg, sq.at)) return true;
  for (const t of s.tokens) if (test(arg, t.at)) return true;
  return false;
}

/**
 * Whether a small token other than the squadron `self` stands on h, listing nothing: a fighter prompt's listing asks
 * it at every hex a squadron may end on.
 */
export function smallTokenOn(s: PublicState, h: Hex, self?: string): boolean {
  for (const ship of s.ships)
    for (const sq of ship.squadrons) if (inSpace(sq) && sq.id !== self && equals(sq.at, h)) return true;
  for (const t of s.tokens) if (equals(t.at, h)) return true;
  return false;
}

/** The small tokens on h: only those are named (a projectile or laser asks at every hex it crosses). */
export const smallTokensAt = (s: PublicState, h: Hex): SmallToken[] => smallTokens(s, h);

export function findSquadron(s: PublicState, id: string): { seat: Seat; squadron: Squadron } | null {
  for (const ship of s.ships) {
    const sq = ship.squadrons.find((x) => x.id === id);
    if (sq) return { seat: ship.seat, squadron: sq };
  }
  return null;
}

export const findWeaponToken = (s: PublicState, id: string): WeaponToken | undefined =>
  s.tokens.find((t) => t.id === id);

/** A new weapon token id, deterministic per match. */
export function newTokenId(s: PublicState, kind: 'projectile' | 'torpedo'): string {
  const id = `${kind === 'projectile' ? 'p' : 't'}${s.nextTokenId}`;
  s.nextTokenId++;
  return id;
}

/** Return a weapon token to its owner's supply (hit, left the board, collided, destroyed). */
export function returnWeaponToken(
  ctx: Ctx,
  t: WeaponToken,
  reason: 'hit' | 'left-board' | 'collided' | 'destroyed',
): void {
  const i = ctx.s.tokens.indexOf(t);
  if (i < 0) return;
  ctx.s.tokens.splice(i, 1);
  ctx.s.ships[t.owner].supply[t.source]++;
  ctx.emit({ type: 'token-returned', token: weaponRef(t), at: t.at, reason });
}

/**
 * Any damage destroys a squadron: it goes to the graveyard with its munitions lost (RULES §4.4). A torpedo bomber's
 * munitions are torpedo tokens: those go back to the squadron torpedo supply (the README's ruling 14).
 */
export function destroySquadron(
  ctx: Ctx,
  seat: Seat,
  sq: Squadron,
  cause: 'laser' | 'projectile' | 'direct-fire' | 'warship' | 'collision' | 'damage',
  source: Source,
): void {
  if (sq.status !== 'space') return;
  const at = sq.at!;
  ctx.emit({ type: 'token-destroyed', token: squadronRef(seat, sq), at, cause, source });
  if (sq.munitions > 0 && sq.card.endsWith('torpedo-bomber')) ctx.s.ships[seat].supply.squadronTorpedo += sq.munitions;
  if (sq.munitions > 0) {
    ctx.emit({ type: 'munitions', seat, squadron: sq.id, before: sq.munitions, after: 0, reason: 'destroyed' });
  }
  sq.status = 'destroyed';
  sq.munitions = 0;
  delete sq.at;
  delete sq.facing;
}

/** Destroy whatever small token `ref` names (a squadron, or a weapon token that then returns to supply). */
export function destroySmallToken(
  ctx: Ctx,
  ref: TokenRef,
  cause: 'laser' | 'projectile' | 'direct-fire' | 'warship' | 'collision' | 'damage',
  source: Source,
): void {
  if (ref.kind === 'squadron') {
    const f = findSquadron(ctx.s, ref.id);
    if (f) destroySquadron(ctx, f.seat, f.squadron, cause, source);
    return;
  }
  const t = findWeaponToken(ctx.s, ref.id);
  if (!t) return;
  ctx.emit({ type: 'token-destroyed', token: ref, at: t.at, cause, source });
  returnWeaponToken(ctx, t, 'destroyed');
}
