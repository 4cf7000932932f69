// A room's settings from its creation options (RULES §7 timers, §9 Arclight variants).
import { TIMER_PRESETS, type JoinOptions } from '@star-eater/protocol';
import type { RoomDeps } from '../deps.js';
import type { MatchRoomState } from './state.js';

/**
 * A private room's creator sets the timers (a preset, or seconds of their own) and the Arclight variants (RULES §7,
 * §9); a quick match plays the standard preset, the server's defaults.
 */
export function configureSettings(s: MatchRoomState['settings'], o: JoinOptions, defaults: RoomDeps['timers']): void {
  const preset = (o.private && o.preset) || 'standard';
  const d = preset === 'standard' ? defaults : TIMER_PRESETS[preset];
  s.private = !!o.private;
  s.draftSeconds = (o.private && o.timers?.draft) || d.draft;
  s.commitSeconds = (o.private && o.timers?.commit) || d.commit;
  s.promptSeconds = (o.private && o.timers?.prompt) || d.prompt;
  const own = s.draftSeconds !== d.draft || s.commitSeconds !== d.commit || s.promptSeconds !== d.prompt;
  s.preset = own ? 'custom' : preset;
  s.rangeBands = !!(o.private && o.variants?.rangeBands);
  s.initiativeRoll = !!(o.private && o.variants?.initiativeRoll);
  s.criticalHits = !!(o.private && o.variants?.criticalHits);
}
