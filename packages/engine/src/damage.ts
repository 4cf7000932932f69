// Damage to a warship's section (RULES §3): armour first, the excess lost, structure once the section's armour is gone.
import type { Ctx } from './context.js';
import type { Source } from './events.js';
import type { SectionName, Seat } from './types.js';

/**
 * A hit of D on a section: armour A > 0 becomes max(0, A − D) and the excess is lost; on a section at 0 armour the
 * hit removes D structure (RULES §3). Structure never goes below 0. No critical hit is rolled here: a critical's own
 * damage (hull breach) rolls none (RULES §9), and warship.ts's applyDamage rolls it for every other hit.
 */
export function dealDamage(ctx: Ctx, seat: Seat, section: SectionName, amount: number, source: Source): void {
  if (amount <= 0) return;
  const ship = ctx.s.ships[seat];
  const armourBefore = ship.armour[section];
  const structureBefore = ship.structure;
  let lost = 0;
  if (armourBefore > 0) {
    ship.armour[section] = Math.max(0, armourBefore - amount);
    lost = Math.max(0, amount - armourBefore);
  } else {
    ship.structure = Math.max(0, structureBefore - amount);
  }
  ctx.emit({
    type: 'damage',
    seat,
    section,
    amount,
    armourBefore,
    armourAfter: ship.armour[section],
    structureBefore,
    structureAfter: ship.structure,
    lost,
    source,
  });
  if (structureBefore > 0 && ship.structure === 0) ctx.emit({ type: 'ship-destroyed', seat });
}
