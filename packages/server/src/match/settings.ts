// A room's settings from its creator's join options (RULES §7, §9): a private room's creator sets the timers (a preset,
// standard unless named, or seconds of their own) and the Arclight variants; a quick match plays the server's default
// timers (QUICK_MATCH_PRESET, RULES §7's standard unless set), under that preset's name. The log keeps the settings a
// room was given (settingsOf), and a restore plays those (restoreSettings), whatever the restoring process' defaults.
import { type JoinOptions, parseJoinOptions, TIMER_PRESETS, type TimerPreset } from '@star-eater/protocol';
import type { RoomDeps } from '../deps.js';
import { refuse } from '../seats/admission.js';
import type { MatchRoomState } from '../output/state.js';

const same = (a: RoomDeps['timers'], b: RoomDeps['timers']) =>
  a.draft === b.draft && a.commit === b.commit && a.prompt === b.prompt;

/** The preset whose seconds `t` are, or 'custom'. */
function presetOf(t: RoomDeps['timers']): TimerPreset | 'custom' {
  return (Object.keys(TIMER_PRESETS) as TimerPreset[]).find((k) => same(TIMER_PRESETS[k], t)) ?? 'custom';
}

export function configureRoom(s: MatchRoomState['settings'], o: JoinOptions, defaults: RoomDeps['timers']): void {
  const d = o.private ? TIMER_PRESETS[o.preset ?? 'standard'] : defaults;
  s.private = !!o.private;
  // Quick match is rated; a private room only when its creator chose it (never against the computer).
  s.rated = !o.private || (!!o.rated && !o.bot);
  s.draftSeconds = (o.private && o.timers?.draft) || d.draft;
  s.commitSeconds = (o.private && o.timers?.commit) || d.commit;
  s.promptSeconds = (o.private && o.timers?.prompt) || d.prompt;
  s.preset = presetOf({ draft: s.draftSeconds, commit: s.commitSeconds, prompt: s.promptSeconds });
  s.rangeBands = !!(o.private && o.variants?.rangeBands);
  s.initiativeRoll = !!(o.private && o.variants?.initiativeRoll);
  s.criticalHits = !!(o.private && o.variants?.criticalHits);
}

/** The creator's join options, refused by name; a practice match against the computer is private. */
export function creatorOptions(options: unknown, hasBots: boolean): JoinOptions {
  const parsed = parseJoinOptions(options);
  if (!parsed.ok) throw refuse(parsed.message);
  const o = parsed.value;
  if (o.bot && !hasBots) throw refuse('this server has no computer opponent');
  // Its creator sets the timers as in any private room.
  if (o.bot) o.private = true;
  return o;
}

/** The settings a room's log keeps (restore.ts): the same timers and variants after a restore on any process. */
const KEPT = [
  'private',
  'rated',
  'preset',
  'draftSeconds',
  'commitSeconds',
  'promptSeconds',
  'rangeBands',
  'initiativeRoll',
  'criticalHits',
] as const;

type Kept = Pick<MatchRoomState['settings'], (typeof KEPT)[number]>;

export function settingsOf(s: Kept): Kept {
  return Object.fromEntries(KEPT.map((k) => [k, s[k]])) as unknown as Kept;
}

/**
 * A restored room plays the settings its log kept, not this process' defaults: a quick match's timers are the
 * defaults of the process that created it, which may differ from this one's.
 */
export function restoreSettings(s: Kept, saved: unknown): void {
  if (!saved || typeof saved !== 'object') return;
  const from = saved as Record<string, unknown>;
  const to = s as unknown as Record<string, unknown>;
  for (const k of KEPT) if (typeof from[k] === typeof to[k]) to[k] = from[k];
}
