// A content card as the draft and the faction choice show it: its name, figures and rules text, all from the engine's
// content (RULES §6); and the slot names of the draft (RULES §5) from the engine, capitalised for a heading.
import { SLOT_NAMES, type AnyCard, type Slot } from '@star-eater/engine';
import { h } from '../ui/dom.js';

/** A slot's name as a heading: "Main weapon". */
export const slotTitle = (slot: Slot): string => SLOT_NAMES[slot].replace(/^./, (c) => c.toUpperCase());

export function stat(label: string, v: unknown): HTMLElement | null {
  return v === undefined || v === null || v === '' ? null : h('span', null, `${label} `, h('b', null, String(v)));
}

export function cardFigures(c: AnyCard): HTMLElement {
  if ('weapon' in c) {
    const w = c.weapon as Record<string, unknown>;
    const attack = (['range', 'accuracy', 'damage'] as const)
      .map((k) => (w[k] === undefined ? '' : `${{ range: 'rng', accuracy: 'acc', damage: 'dmg' }[k]} ${w[k]}`))
      .filter(Boolean)
      .join(' ');
    return h(
      'div.stats',
      null,
      stat('spd', c.speed),
      stat('eva', c.evasion),
      stat('cap', c.capacity + (c.munition === 'torpedo' ? ' torp' : '')),
      c.heavy ? h('span.warn', null, 'heavy') : null,
      stat('max', c.max),
      stat(c.weapon.kind, attack),
    );
  }
  const x = c as unknown as Record<string, unknown>;
  const FIGURES: [string, string][] = [
    ['', 'class'],
    ['dmg', 'damage'],
    ['spd', 'speed'],
    ['rng', 'range'],
    ['acc', 'accuracy'],
    ['aoe', 'aoe'],
    ['shots', 'shots'],
    ['launch', 'launch'],
    ['recall', 'recall'],
    ['cd', 'cooldown'],
    ['tok', 'tokens'],
    ['arc', 'arc'],
  ];
  return h(
    'div.stats',
    null,
    FIGURES.map(([label, key]) => stat(label, x[key])),
  );
}

export interface CardButtonOptions {
  selected?: boolean;
  disabled?: boolean;
  why?: string;
  onclick?: () => void;
  count?: number;
}

export function cardButton(c: AnyCard, o: CardButtonOptions): HTMLElement {
  const text = (c as { text?: string }).text;
  // A disabled button says why, on hover and to a screen reader.
  const title = o.disabled && o.why ? o.why : (text ?? '');
  return h(
    'button.gcard',
    {
      class: o.selected ? 'selected' : '',
      disabled: o.disabled,
      onclick: o.onclick,
      'aria-pressed': o.selected ? 'true' : 'false',
      dataset: { card: c.id },
      title,
    },
    h('span.name', null, c.name, o.count ? ` ×${o.count}` : ''),
    cardFigures(c),
    text ? h('span.dim', { style: { fontSize: '12px' } }, text) : null,
  );
}
