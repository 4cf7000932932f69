// One line of the match log for each engine event, in the rulebook's words. Returns null for events not worth a line.
import type { CardPlay, Commitment, MatchEvent, RollDetail, Source, Target, TokenRef } from '@star-eater/engine';

export const CARD_NAME: Record<string, string> = {
  'fire-main': 'Fire Main',
  'port-broadside': 'Port Broadside',
  'starboard-broadside': 'Starboard Broadside',
  'launch-squadron': 'Launch Squadron',
  'defence-stations': 'Defence Stations',
  'vent-coolant': 'Vent Coolant',
  'squadron-maintenance': 'Squadron Maintenance',
  'special-ability': 'Special Ability',
};
export const COMPONENT_NAME: Record<string, string> = {
  main: 'main weapon',
  broadside: 'broadside',
  fighterBay: 'fighter bay',
  pointDefence: 'point defence',
};
const PHASE: Record<string, string> = {
  momentum: 'Momentum phase',
  action: 'Action phase',
  fighter: 'Fighter phase',
  weapons: 'Weapons phase',
  cleanup: 'Cleanup',
};

export type Names = readonly [string, string];

export function cardLabel(p: CardPlay): string {
  let s = CARD_NAME[p.card] ?? p.card;
  if ('aim' in p && p.aim) s += ` (${p.aim})`;
  if ('turret' in p && p.turret) s += ` (turret ${p.turret})`;
  if (p.card === 'vent-coolant') s += ` (${COMPONENT_NAME[p.component]})`;
  if (p.card === 'squadron-maintenance') {
    if (p.repair !== undefined) s += ` (repair squadron ${p.repair + 1})`;
    else if (p.munitions?.length) s += ` (munitions to ${p.munitions.map((i) => i + 1).join(', ')})`;
  }
  if (p.card === 'special-ability' && (p.section || p.component))
    s += ` (${p.section ?? COMPONENT_NAME[p.component!]})`;
  return s;
}

export function commitmentLabel(c: Commitment): string {
  const cards = c.cards.length ? c.cards.map(cardLabel).join(' + ') : 'no cards';
  return `engine ${c.engine}, ${cards}`;
}

export function tokenName(t: TokenRef, names: Names): string {
  if (t.kind === 'squadron') return `${names[t.owner]}'s squadron ${Number(t.id.split(':')[1] ?? 0) + 1}`;
  return `${names[t.owner]}'s ${t.kind}`;
}

export function sourceName(s: Source, names: Names): string {
  const who = s.seat === null ? '' : `${names[s.seat]}'s `;
  if (s.by === 'collision') return 'the collision';
  if (s.by === 'edge') return 'the board edge';
  if (s.by === 'critical') return 'a critical hit';
  if (s.by.startsWith('squadron:')) return `${who}squadron ${Number(s.by.split(':')[2] ?? 0) + 1}`;
  if (s.by.startsWith('token:')) return `${who}${s.weapon ? prettyCard(s.weapon) : 'token'}`;
  if (s.by === 'point-defence') return `${who}point defence`;
  return `${who}${s.weapon ? prettyCard(s.weapon) : s.by}`;
}

export function prettyCard(id: string): string {
  return id
    .split('-')
    .slice(1)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export function targetName(t: Target, names: Names): string {
  switch (t.kind) {
    case 'section':
      return `${names[t.seat]}'s ${t.section}`;
    case 'squadron':
      return `${names[Number(t.id.split(':')[0]) as 0 | 1] ?? '?'}'s squadron ${Number(t.id.split(':')[1] ?? 0) + 1}`;
    case 'torpedo':
      return 'a torpedo';
    case 'hex':
      return `hex (${t.at.q}, ${t.at.r})`;
  }
}

/** The direct-fire formula (RULES §4.5): hit when d12 > 6 + evasion − accuracy. */
export function rollFormula(d: RollDetail): string {
  const mods = d.modifiers.map((m) => ` ${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.reason}`).join('');
  return `d12 = ${d.roll} ${d.hit ? '>' : '≤'} 6 + ${d.evasion} evasion − ${d.accuracy} accuracy${mods ? ` (${mods.trim()})` : ''} = ${d.needAbove} → ${d.hit ? 'HIT' : 'miss'}`;
}

export function describeEvent(e: MatchEvent, names: Names): string | null {
  switch (e.type) {
    case 'round-started':
      return `Round ${e.round} begins. ${names[e.initiative]} holds the initiative.`;
    case 'phase':
      return PHASE[e.phase] ?? e.phase;
    case 'engine-revealed':
      return `Engine cards: ${names[0]} ${e.engines[0]}, ${names[1]} ${e.engines[1]}.`;
    case 'cards-revealed':
      return `Commitments revealed: ${names[0]} — ${commitmentLabel(e.commitments[0])}; ${names[1]} — ${commitmentLabel(e.commitments[1])}.`;
    case 'thrust': {
      const what = {
        added: 'adds a token',
        cancelled: 'cancels a token',
        modified: 'turns a token',
        ignored: 'has no effect',
      }[e.effect];
      return `${names[e.seat]} thrusts ${e.thrust}: ${what} on the momentum mat.`;
    }
    case 'engine-blocked':
      return `${names[e.seat]}'s engine card ${e.engine} is blocked (${e.reason.replace('-', ' ')}).`;
    case 'step':
      return e.token === 'CW' || e.token === 'CCW'
        ? `${names[e.seat]}'s warship rotates ${e.token === 'CW' ? 'clockwise' : 'counter-clockwise'}.`
        : `${names[e.seat]}'s warship drifts ${e.token}.`;
    case 'collision':
      return e.kind === 'edge'
        ? `${names[e.seat]}'s warship hits the board edge and stops; the step is undone.`
        : `${names[e.seat]}'s warship collides with the other warship; the step is undone.`;
    case 'damage': {
      const armour =
        e.armourBefore > 0
          ? `armour ${e.armourBefore} → ${e.armourAfter}`
          : `structure ${e.structureBefore} → ${e.structureAfter}`;
      const lost = e.lost ? `, ${e.lost} lost` : '';
      return `${sourceName(e.source, names)} deals ${e.amount} to ${names[e.seat]}'s ${e.section} (${armour}${lost}).`;
    }
    case 'ship-destroyed':
      return `${names[e.seat]}'s warship is destroyed!`;
    case 'token-spawned':
      return `${tokenName(e.token, names)} is launched (${prettyCard(e.weapon)}), heading ${e.facing}.`;
    case 'token-moved':
      return null;
    case 'torpedo-target':
      return e.target === null ? `A torpedo finds no target.` : `A torpedo locks on to ${names[e.target]}'s warship.`;
    case 'torpedo-turned':
      return `A torpedo turns ${e.to} (${e.reason}).`;
    case 'token-destroyed':
      return `${tokenName(e.token, names)} is destroyed (${e.cause.replace('-', ' ')}).`;
    case 'token-returned':
      return e.reason === 'left-board' ? `${tokenName(e.token, names)} leaves the board.` : null;
    case 'beam':
      return `${sourceName(e.source, names)} fires a beam ${e.dir} (${e.damageStart} damage${e.stoppedAt ? `, ${e.damageEnd} reaches ${names[e.stoppedAt.seat]}'s ${e.stoppedAt.section}` : ''}).`;
    case 'aoe-fired':
      return `${sourceName(e.source, names)} fires at hex ${e.at.q},${e.at.r}: ${e.targets ? `${e.targets} target${e.targets === 1 ? '' : 's'} in the area` : 'nothing in the area'}.`;
    case 'attack':
      return `${sourceName(e.source, names)} attacks ${targetName(e.target, names)}: ${rollFormula(e.detail)}.`;
    case 'squadron-launched':
      return `${names[e.seat]} launches squadron ${Number(e.squadron.split(':')[1]) + 1}.`;
    case 'squadron-moved':
      return `${names[e.seat]}'s squadron ${Number(e.squadron.split(':')[1]) + 1} moves ${e.path.length} hex${e.path.length === 1 ? '' : 'es'}.`;
    case 'squadron-recalled':
      return `${names[e.seat]} recalls squadron ${Number(e.squadron.split(':')[1]) + 1}.`;
    case 'squadron-passed':
      return `${names[e.seat]} passes.`;
    case 'squadron-marked':
      return `${names[e.seat]}'s Pathfinder marks ${names[e.target]}'s warship (+${e.bonus} accuracy).`;
    case 'munitions':
      return `${names[e.seat]}'s squadron ${Number(e.squadron.split(':')[1]) + 1}: munitions ${e.before} → ${e.after} (${e.reason}).`;
    case 'squadron-repaired':
      return `${names[e.seat]} repairs squadron ${Number(e.squadron.split(':')[1]) + 1}.`;
    case 'card-ignored':
      return `${names[e.seat]}'s ${CARD_NAME[e.card]} does nothing (${e.reason.replace(/-/g, ' ')}).`;
    case 'card-resolved':
      return null;
    case 'armour-restored':
      return `${names[e.seat]} restores armour on the ${e.section}: ${e.before} → ${e.after}.`;
    case 'power-spent':
      return `${names[e.seat]} spends power: ${e.before} → ${e.after}.`;
    case 'cooldown':
      return `${names[e.seat]}'s ${COMPONENT_NAME[e.component]}: cooldown ${e.before} → ${e.after}.`;
    case 'critical':
      return e.effect ? `Critical hit on ${names[e.seat]}: ${e.effect}.` : null;
    case 'initiative-roll':
      return `Initiative roll: ${e.rolls[0]} vs ${e.rolls[1]}.`;
    case 'initiative':
      return `The initiative token passes to ${names[e.seat]}.`;
    case 'match-ended':
      return e.winner === 'draw' ? `The match ends in a draw.` : `${names[e.winner]} wins (${e.reason}).`;
  }
}
