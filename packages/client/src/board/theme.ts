// Colours of the dark space theme, shared by the Pixi board (numbers) and the DOM (CSS strings).
import { FACTION_IDS, FACTIONS, type FactionId, type Seat } from '@star-eater/engine';

export const THEME = {
  background: 0x060a14,
  hexFill: 0x0d1526,
  hexFillAlt: 0x0f1a2e,
  hexLine: 0x22324f,
  hexHover: 0x2d4670,
  text: 0xe6edf7,
  dim: 0x8796b0,
  target: 0xff4d6d,
  move: 0x3ddc97,
  /** Pale, neither seat's colour: a launch hex stands apart from both warships, for colour-blind players too. */
  launch: 0xeef2ff,
  path: 0xffd166,
  arc: 0xffd166,
  ghost: 0xffffff,
  damage: 0xff5a5a,
  heal: 0x5dffa1,
  miss: 0xb0b8c8,
  laser: 0xff3df2,
};

/**
 * A player always sees their own warship in the same colour (blue) and the opponent's in orange, whatever the
 * factions, match after match; a spectator or a replay sees the factions' colours.
 */
export const YOURS = 0x4aa8ff;
export const THEIRS = 0xff8a3c;

/**
 * Faction colours; when both seats play the same faction, seat 1 takes the faction's second colour. Every pairing
 * stays apart for colour-blind players (blue against orange or amber; theme.test.ts simulates it).
 */
const FACTION: Record<FactionId, [number, number]> = {
  fpa: [YOURS, 0xffb000],
  lamais: [THEIRS, 0xd57bff],
};

export function seatColour(factions: readonly [FactionId, FactionId], seat: Seat, you: Seat | null = null): number {
  if (you !== null) return seat === you ? YOURS : THEIRS;
  const f = factions[seat];
  const same = factions[0] === factions[1];
  return FACTION[f][same && seat === 1 ? 1 : 0];
}

export function css(c: number): string {
  return `#${c.toString(16).padStart(6, '0')}`;
}

/** The factions' names as the engine's content gives them. */
export const FACTION_NAME: Readonly<Record<FactionId, string>> = Object.fromEntries(
  FACTION_IDS.map((f) => [f, FACTIONS[f].name]),
) as Record<FactionId, string>;
