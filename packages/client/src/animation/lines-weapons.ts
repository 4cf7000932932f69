// The match log's lines for weapons and squadrons: tokens, beams, shots with their roll, fighters' moves and actions.
import type { SquadronEvent, WeaponEvent } from './event-groups.js';
import type { Lines } from './lines.js';
import { cardName, rollFormula, sourceDoes, squadronNo, targetName, tokenName, whereFrom } from './names.js';

export const WEAPON_LINES: Lines<WeaponEvent> = {
  'token-spawned': (e, n) => `${tokenName(e.token, n)} is launched (${cardName(e.weapon)}), heading ${e.facing}.`,
  'token-moved': () => null,
  'torpedo-target': (e, n) =>
    e.target === null ? `A torpedo finds no target.` : `A torpedo locks on to ${n[e.target]}'s warship.`,
  'torpedo-turned': (e) => `A torpedo turns ${e.to} (${e.reason}).`,
  'token-destroyed': (e, n) => `${tokenName(e.token, n)} is destroyed (${e.cause.replace('-', ' ')}).`,
  'token-returned': (e, n) => (e.reason === 'left-board' ? `${tokenName(e.token, n)} leaves the board.` : null),
  beam: (e, n) => {
    const reach = e.stoppedAt ? `, ${e.damageEnd} reaches ${n[e.stoppedAt.seat]}'s ${e.stoppedAt.section}` : '';
    return `${sourceDoes(e.source, n, 'fires')} a beam ${e.dir} (${e.damageStart} damage${reach}).`;
  },
  // RULES §4.5: every AOE weapon is a warship's; its hex is named from that warship, as its prompt named it.
  'aoe-fired': (e, n, ships) => {
    const area = e.targets ? `${e.targets} target${e.targets === 1 ? '' : 's'} in the area` : 'nothing in the area';
    const where = e.source.seat === null ? '' : ` ${whereFrom(ships[e.source.seat], e.at)}`;
    return `${sourceDoes(e.source, n, 'fires')} a blast${where}: ${area}.`;
  },
  attack: (e, n, ships) => {
    const firer = e.source.seat === null ? undefined : ships[e.source.seat];
    return `${sourceDoes(e.source, n, 'attacks')} ${targetName(e.target, n, firer)}: ${rollFormula(e.detail)}.`;
  },
};

export const SQUADRON_LINES: Lines<SquadronEvent> = {
  'squadron-launched': (e, n) => `${n[e.seat]} launches squadron ${squadronNo(e.squadron)}.`,
  'squadron-moved': (e, n) =>
    `${n[e.seat]}'s squadron ${squadronNo(e.squadron)} moves ${e.path.length} hex${e.path.length === 1 ? '' : 'es'}.`,
  'squadron-recalled': (e, n) => `${n[e.seat]} recalls squadron ${squadronNo(e.squadron)}.`,
  'squadron-passed': (e, n) => `${n[e.seat]} passes.`,
  'squadron-marked': (e, n) =>
    `${n[e.seat]}'s squadron ${squadronNo(e.squadron)} marks ${n[e.target]}'s warship (+${e.bonus} accuracy).`,
  munitions: (e, n) =>
    `${n[e.seat]}'s squadron ${squadronNo(e.squadron)}: munitions ${e.before} → ${e.after} (${e.reason}).`,
  'squadron-repaired': (e, n) => `${n[e.seat]} repairs squadron ${squadronNo(e.squadron)}.`,
};
