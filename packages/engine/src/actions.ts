// The action phase (RULES §4.3, draft §6.3): cards are revealed; the immediate ones resolve, the initiative holder's
// first, each player's in the order Vent Coolant, Squadron Maintenance, Special Ability, Defence Stations.
import { getFaction, squadronCard } from './content/index.js';
import { other, seatsInOrder, type Ctx, type DefenceShot } from './context.js';
import { fireDefenceStations } from './point-defence.js';
import { COMPONENTS, SECTIONS, type CardId, type CardPlay, type Component, type Seat } from './types.js';

/**
 * The component a commitment card acts through: "a card whose component has cooldown when it would act does nothing"
 * (RULES §4.3). Vent Coolant, Squadron Maintenance and Special Ability have none (ruling).
 */
export function cardComponent(card: CardId): Component | null {
  switch (card) {
    case 'fire-main':
      return 'main';
    case 'port-broadside':
    case 'starboard-broadside':
      return 'broadside';
    case 'launch-squadron':
      return 'fighterBay';
    case 'defence-stations':
      return 'pointDefence';
    default:
      return null;
  }
}

/** The immediate cards, in the order each player's resolve (RULES §4.3). */
export const IMMEDIATE_ORDER: readonly CardId[] = [
  'vent-coolant',
  'squadron-maintenance',
  'special-ability',
  'defence-stations',
];

export function resolveActionPhase(ctx: Ctx): void {
  ctx.emit({ type: 'phase', phase: 'action' });
  ctx.emit({ type: 'cards-revealed', commitments: [ctx.commitments[0], ctx.commitments[1]] });
  for (const seat of [0, 1] as const) {
    // One launch per Launch Squadron card; the fighter phase checks the bay's cooldown when it launches.
    ctx.launches[seat] = played(ctx.commitments[seat].cards, 'launch-squadron') ? 1 : 0;
  }
  for (const seat of seatsInOrder(ctx.s)) immediateCards(ctx, seat);
}

/** A seat's immediate cards, in their order. */
function immediateCards(ctx: Ctx, seat: Seat): void {
  for (const card of IMMEDIATE_ORDER) {
    const play = played(ctx.commitments[seat].cards, card);
    if (play) resolveImmediate(ctx, seat, play);
  }
}

/**
 * The rest of the action phase from a Defence Stations shot's prompt (round.ts): the card's shots from that one, then
 * the other seat's cards if it comes second. Defence Stations is a seat's last card, and only the cleanup changes the
 * initiative, so the seat with the initiative is the one that went first.
 */
export function actionsFromDefenceShot(ctx: Ctx, at: DefenceShot): void {
  defenceStations(ctx, at.seat, at.shot);
  if (at.seat === ctx.s.initiative) immediateCards(ctx, other(at.seat));
}

/** The play of `card` among a commitment's cards, if it was played. */
function played(cards: readonly CardPlay[], card: CardId): CardPlay | undefined {
  for (const c of cards) if (c.card === card) return c;
  return undefined;
}

function resolveImmediate(ctx: Ctx, seat: Seat, play: CardPlay): void {
  switch (play.card) {
    case 'vent-coolant': {
      ventCoolant(ctx, seat, play.component);
      return;
    }
    case 'squadron-maintenance': {
      squadronMaintenance(ctx, seat, play.munitions, play.repair);
      return;
    }
    case 'special-ability': {
      specialAbility(ctx, seat, play);
      return;
    }
    case 'defence-stations': {
      defenceStations(ctx, seat);
      return;
    }
    default:
      return;
  }
}

const ignored = (
  ctx: Ctx,
  seat: Seat,
  card: CardId,
  reason: 'cooldown' | 'no-power' | 'nothing-to-do' | 'invalid-parameter',
): void => ctx.emit({ type: 'card-ignored', seat, card, reason });

const isComponent = (x: unknown): x is Component => COMPONENTS.includes(x as Component);

/** Vent Coolant: remove one cooldown token from the named component (draft §6.3.5). */
function ventCoolant(ctx: Ctx, seat: Seat, component: Component): void {
  const ship = ctx.s.ships[seat];
  if (!isComponent(component)) {
    ignored(ctx, seat, 'vent-coolant', 'invalid-parameter');
    return;
  }
  const before = ship.cooldown[component];
  if (before <= 0) {
    ignored(ctx, seat, 'vent-coolant', 'nothing-to-do');
    return;
  }
  ship.cooldown[component] = before - 1;
  ctx.emit({ type: 'cooldown', seat, component, before, after: before - 1, reason: 'vent-coolant' });
  ctx.emit({ type: 'card-resolved', seat, card: 'vent-coolant' });
}

/**
 * Squadron Maintenance (draft §6.3.6): up to two munitions to squadrons aboard, within capacity (a torpedo bomber's
 * munition comes from the squadron torpedo supply), or instead return one destroyed squadron aboard with none.
 * Allocations that no longer fit when the card resolves are skipped.
 */
function squadronMaintenance(ctx: Ctx, seat: Seat, munitions: number[] | undefined, repair: number | undefined): void {
  const ship = ctx.s.ships[seat];
  if (repair !== undefined) {
    const sq = ship.squadrons[repair];
    if (!sq) {
      ignored(ctx, seat, 'squadron-maintenance', 'invalid-parameter');
      return;
    }
    if (sq.status !== 'destroyed') {
      ignored(ctx, seat, 'squadron-maintenance', 'nothing-to-do');
      return;
    }
    sq.status = 'aboard';
    sq.munitions = 0;
    ctx.emit({ type: 'squadron-repaired', seat, squadron: sq.id });
    ctx.emit({ type: 'card-resolved', seat, card: 'squadron-maintenance' });
    return;
  }
  let added = 0;
  for (const i of (munitions ?? []).slice(0, 2)) {
    const sq = ship.squadrons[i];
    if (sq?.status !== 'aboard') continue;
    const card = squadronCard(sq.card);
    if (sq.munitions >= card.capacity) continue;
    if (card.munition === 'torpedo') {
      if (ship.supply.squadronTorpedo <= 0) continue;
      ship.supply.squadronTorpedo--;
    }
    ctx.emit({
      type: 'munitions',
      seat,
      squadron: sq.id,
      before: sq.munitions,
      after: sq.munitions + 1,
      reason: 'maintenance',
    });
    sq.munitions++;
    added++;
  }
  if (added === 0) {
    ignored(ctx, seat, 'squadron-maintenance', 'nothing-to-do');
    return;
  }
  ctx.emit({ type: 'card-resolved', seat, card: 'squadron-maintenance' });
}

/**
 * Special Ability (draft §6.3.7 "Spend one power token to activate the special ability"): playing it spends the
 * token, whatever the ability then finds to do. Emergency Repairs restores armour to a section (not above its start);
 * Capacitor Dump removes all cooldown tokens from a component. With nothing to restore or remove the token is spent
 * all the same (Ruling 6); only a card without its parameter, which names nothing to activate on, spends nothing.
 */
function specialAbility(ctx: Ctx, seat: Seat, play: Extract<CardPlay, { card: 'special-ability' }>): void {
  const ship = ctx.s.ships[seat];
  const special = getFaction(ship.faction).special;
  if (ship.power <= 0) {
    ignored(ctx, seat, 'special-ability', 'no-power');
    return;
  }
  const { section, component } = play;
  const repairs = special.kind === 'emergencyRepairs';
  if (repairs ? !section || !SECTIONS.includes(section) : !isComponent(component)) {
    ignored(ctx, seat, 'special-ability', 'invalid-parameter');
    return;
  }
  ctx.emit({ type: 'power-spent', seat, before: ship.power, after: ship.power - 1 });
  ship.power--;
  if (repairs) {
    const before = ship.armour[section!];
    const after = Math.min(ship.startArmour[section!], before + (special.amount ?? 2));
    if (after > before) {
      ship.armour[section!] = after;
      ctx.emit({ type: 'armour-restored', seat, section: section!, before, after });
    }
  } else {
    const before = ship.cooldown[component!];
    if (before > 0) {
      ship.cooldown[component!] = 0;
      ctx.emit({ type: 'cooldown', seat, component: component!, before, after: 0, reason: 'capacitor-dump' });
    }
  }
  ctx.emit({ type: 'card-resolved', seat, card: 'special-ability' });
}

/**
 * Defence Stations (draft §6.3.4): point defence fires now. point-defence.ts reports a cooldown or no target as
 * 'card-ignored' and marks the component activated when it fires.
 */
function defenceStations(ctx: Ctx, seat: Seat, from = 1): void {
  if (fireDefenceStations(ctx, seat, from)) ctx.emit({ type: 'card-resolved', seat, card: 'defence-stations' });
}
