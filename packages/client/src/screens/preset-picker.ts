// The timer preset the creator of a private or practice room picks: relaxed for learning, standard (RULES §7), blitz.
// The choice is remembered for the next practice or private match.
import { describePreset, TIMER_PRESET_NAMES, TIMER_PRESETS, type TimerPreset } from '@star-eater/protocol';
import { h } from '../ui/dom.js';

const PRESET_KEY = 'star-eater.preset';

export const PRESET_LABEL: Record<string, string> = {
  relaxed: 'Relaxed',
  standard: 'Standard',
  blitz: 'Blitz',
  custom: 'Custom timers',
};

export function savedPreset(): TimerPreset {
  const p = localStorage.getItem(PRESET_KEY);
  return (TIMER_PRESET_NAMES as readonly string[]).includes(p ?? '') ? (p as TimerPreset) : 'standard';
}

/** A radio group of the presets, each with its seconds; `value()` is the one picked. */
export function presetPicker(): { el: HTMLElement; value: () => TimerPreset } {
  let picked = savedPreset();
  const options = TIMER_PRESET_NAMES.map((name) => {
    const input = h('input', {
      type: 'radio',
      name: 'preset',
      value: name,
      id: `preset-${name}`,
      checked: name === picked,
    });
    input.addEventListener('change', () => {
      picked = name;
      localStorage.setItem(PRESET_KEY, name);
    });
    return h(
      'label.preset',
      { for: `preset-${name}`, title: describePreset(TIMER_PRESETS[name]) },
      input,
      h('span.preset-name', null, PRESET_LABEL[name]),
      h('span.dim.preset-secs', null, describePreset(TIMER_PRESETS[name])),
    );
  });
  const el = h(
    'fieldset.presets',
    { id: 'preset-picker' },
    // Quick matches always play the standard timers: the choice is for the matches this page creates.
    h('legend.dim', null, 'Timers for practice and private matches (quick matches play Standard)'),
    options,
  );
  return { el, value: () => picked };
}
