// Arclight variant: critical hits (RULES §9). Whenever structure damage is dealt, roll a d12; on 10+ roll a d6.
import type { Ctx } from './context.js';
import { dealDamage } from './damage.js';
import type { Seat } from './types.js';

export const CRITICAL_EFFECTS = [
  'thruster-locked',
  'weapon-malfunction',
  'comms-down',
  'screens-fail',
  'hull-breach',
  'fuel-leak',
] as const;

export function rollCritical(ctx: Ctx, seat: Seat): void {
  const ship = ctx.s.ships[seat];
  const trigger = ctx.roll(12);
  if (trigger < 10) {
    ctx.emit({ type: 'critical', seat, trigger, roll: null, effect: null });
    return;
  }
  const d6 = ctx.roll(6);
  const effect = CRITICAL_EFFECTS[d6 - 1]!;
  ctx.emit({ type: 'critical', seat, trigger, roll: d6, effect });
  switch (effect) {
    case 'thruster-locked': // the next engine card counts as NONE
      ship.effects.thrusterLocked = true;
      break;
    case 'weapon-malfunction': {
      // a random weapon component (main or broadside) gains 2 cooldown
      const component = ctx.roll(2) === 1 ? 'main' : 'broadside';
      const before = ship.cooldown[component];
      ship.cooldown[component] += 2;
      ctx.emit({ type: 'cooldown', seat, component, before, after: before + 2, reason: 'critical' });
      break;
    }
    case 'comms-down': // lose initiative next round: decided at this round's cleanup
      ship.effects.commsDown = true;
      break;
    case 'screens-fail': // evasion −1 until the end of next round
      ship.effects.screensFailUntil = ctx.s.round + 1;
      break;
    case 'hull-breach': // one more structure damage; it does not roll another critical
      if (ship.structure > 0) {
        const section = (['core', 'bow', 'port', 'starboard'] as const).find((x) => ship.armour[x] === 0) ?? 'core';
        if (ship.armour[section] === 0) dealDamage(ctx, seat, section, 1, { seat: null, by: 'critical' });
      }
      break;
    case 'fuel-leak': // no DOUBLE thrust for the rest of the match
      ship.effects.fuelLeak = true;
      break;
  }
}
