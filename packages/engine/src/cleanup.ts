// The cleanup phase (RULES §4.6): cooldowns, fighter-bay effects, initiative.
import type { Ctx } from './context.js';
import { other } from './context.js';
import { fighterBayCard, pointDefenceCard, squadronCard, weaponCard } from './content/index.js';
import { COMPONENTS, type Component, type Seat, type Warship } from './types.js';

export function componentCooldown(ship: Warship, component: Component): number {
  switch (component) {
    case 'main':
      return weaponCard(ship.loadout.main).cooldown;
    case 'broadside':
      return weaponCard(ship.loadout.broadside).cooldown;
    case 'fighterBay':
      return fighterBayCard(ship.loadout.fighterBay).cooldown;
    case 'pointDefence':
      return pointDefenceCard(ship.loadout.pointDefence).cooldown;
  }
}

export function resolveCleanup(ctx: Ctx): void {
  const s = ctx.s;
  for (const ship of s.ships) {
    // Remove one cooldown token from every component that has any, THEN add the cooldown of what acted: a
    // cooldown-1 weapon fires every other round.
    for (const c of COMPONENTS) {
      if (ship.cooldown[c] > 0) {
        const before = ship.cooldown[c];
        ship.cooldown[c] = before - 1;
        ctx.emit({ type: 'cooldown', seat: ship.seat, component: c, before, after: before - 1, reason: 'cleanup' });
      }
    }
    for (const c of COMPONENTS) {
      if (!ctx.activated[ship.seat].has(c)) continue;
      const add = componentCooldown(ship, c);
      if (add <= 0) continue;
      const before = ship.cooldown[c];
      ship.cooldown[c] = before + add;
      ctx.emit({ type: 'cooldown', seat: ship.seat, component: c, before, after: before + add, reason: 'activated' });
    }
    applyBayEffect(ctx, ship);
    for (const sq of ship.squadrons) {
      sq.activated = false;
      sq.launchedThisRound = false;
    }
    ship.effects.markedBonus = 0;
  }
  passInitiative(ctx);
  s.round++;
}

/** Automated Hangar: each squadron aboard gains 1 munition within capacity (the README's ruling 7: "on-board" = aboard). */
function applyBayEffect(ctx: Ctx, ship: Warship): void {
  if (fighterBayCard(ship.loadout.fighterBay).effect !== 'resupply') return;
  for (const sq of ship.squadrons) {
    if (sq.status !== 'aboard') continue;
    const card = squadronCard(sq.card);
    if (sq.munitions >= card.capacity) continue;
    if (card.munition === 'torpedo') {
      if (ship.supply.squadronTorpedo <= 0) continue;
      ship.supply.squadronTorpedo--;
    }
    ctx.emit({
      type: 'munitions',
      seat: ship.seat,
      squadron: sq.id,
      before: sq.munitions,
      after: sq.munitions + 1,
      reason: 'automated-hangar',
    });
    sq.munitions++;
  }
}

/** The initiative token passes (or, with the Arclight variant, both roll a d12: higher takes it, tie stays). */
function passInitiative(ctx: Ctx): void {
  const s = ctx.s;
  let next: Seat = other(s.initiative);
  if (s.variants.initiativeRoll) {
    const rolls: [number, number] = [ctx.roll(12), ctx.roll(12)];
    ctx.emit({ type: 'initiative-roll', rolls });
    next = rolls[0] === rolls[1] ? s.initiative : rolls[0] > rolls[1] ? 0 : 1;
  }
  // Critical "comms knocked out": that ship does not hold initiative next round (RULES §9).
  const down = s.ships.map((w) => w.effects.commsDown);
  if (down[next] && !down[other(next)]) next = other(next);
  for (const w of s.ships) w.effects.commsDown = false;
  s.initiative = next;
  ctx.emit({ type: 'initiative', seat: next });
}
