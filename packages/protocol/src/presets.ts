// Timer presets of a room (RULES §7 timers): the creator of a private or bot room picks one; quick match
// plays `standard`, RULES §7's defaults. Seconds per draft pick, per commitment window and per decision prompt.
export const TIMER_PRESET_NAMES = ['relaxed', 'standard', 'blitz'] as const;
export type TimerPreset = (typeof TIMER_PRESET_NAMES)[number];

export interface TimerSeconds {
  draft: number;
  commit: number;
  prompt: number;
}

export const TIMER_PRESETS: Readonly<Record<TimerPreset, Readonly<TimerSeconds>>> = {
  /** For someone learning: time to read every card and prompt. */
  relaxed: { draft: 180, commit: 120, prompt: 120 },
  /** RULES §7's defaults. */
  standard: { draft: 45, commit: 60, prompt: 30 },
  blitz: { draft: 20, commit: 25, prompt: 12 },
};

/** What a player reads next to a preset's name (lobby, create dialog, match header). */
export function describePreset(t: TimerSeconds): string {
  return `${t.commit} s orders · ${t.prompt} s prompts · ${t.draft} s draft picks`;
}
