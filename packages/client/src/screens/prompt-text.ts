// Words of a decision prompt that a player reads (a point-defence shot is counted against its own total: never "shot 2 of 1").
import type { Prompt } from '@star-eater/engine';

type PdPrompt = Extract<Prompt, { kind: 'point-defence' }>;

/** The engine counts a card's shots from 1 (point-defence.ts: `for (let shot = 1; shot <= shots; …)`). */
export function shotLabel(p: Pick<PdPrompt, 'shot' | 'shots'>): string {
  return `shot ${p.shot} of ${p.shots}`;
}
