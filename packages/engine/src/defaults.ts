// Time-out defaults (RULES §7): the legal choice first in the engine's fixed order.
import { bestTargetOption } from './direct-fire.js';
import type { Decision, Prompt } from './decision.js';

export function defaultDecision(prompt: Prompt): Decision {
  switch (prompt.kind) {
    case 'direct-fire':
      return { kind: 'direct-fire', target: bestTargetOption(prompt.options).target };
    case 'point-defence':
      return { kind: 'point-defence', target: bestTargetOption(prompt.options).target };
    case 'fighter':
      return { kind: 'fighter', answer: { kind: 'pass' } }; // a fighter activation times out as a pass
  }
}
