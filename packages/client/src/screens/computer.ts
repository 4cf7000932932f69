// Playing the computer: its three levels, each said in a sentence, as buttons — in the lobby ("Play the
// computer") and in quick match's offer after the wait (accept with a level, or keep waiting).
import { PRACTICE_LEVELS, type PracticeLevel, type ServerMessages } from '@star-eater/protocol';
import { getJson } from '../net/api.js';
import { h } from '../ui/dom.js';

export const LEVEL_TEXT: Record<PracticeLevel, { name: string; about: string }> = {
  easy: {
    name: 'Easy',
    about: 'Looks one step ahead and often settles for a good move, not the best: a calm place to learn the ropes.',
  },
  medium: { name: 'Medium', about: 'Looks further ahead and weighs what you might order: a fair fight.' },
  hard: {
    name: 'Hard',
    about: 'Drafts the strongest ship it knows and plays out hundreds of rounds before every order: bring your best.',
  },
};

let ratings: Promise<Map<string, number>> | null = null;

/** Each level's calibrated rating on the players' scale (the server's measured values), asked once per page. */
function levelRatings(): Promise<Map<string, number>> {
  ratings ??= getJson<{ levels: { level: string; rating: number }[] }>('/api/computer-levels').then(
    (a) => new Map(a.levels.map((l) => [l.level, l.rating])),
  );
  return ratings;
}

/** One button per level (id `bot-<level>`), its sentence beneath its name, its rating beside it once known. */
export function levelButtons(onPick: (level: PracticeLevel, button: HTMLButtonElement) => void): HTMLElement {
  return h(
    'div.levels',
    { role: 'group', 'aria-label': 'Computer levels' },
    ...PRACTICE_LEVELS.map((level) => {
      const rating = h('span.level-rating', { title: 'Its rating on the players’ scale (it is never rated itself)' });
      const b = h(
        'button.level',
        { id: `bot-${level}`, type: 'button' },
        h('strong', null, LEVEL_TEXT[level].name, rating),
        h('span.dim', null, LEVEL_TEXT[level].about),
      );
      levelRatings().then(
        (r) => {
          const v = r.get(level);
          if (v !== undefined) rating.textContent = ` · rated ${Math.round(v)}`;
        },
        (e: Error) => console.warn(`the computer levels' ratings could not be read: ${e.message}`),
      );
      b.addEventListener('click', () => onPick(level, b));
      return b;
    }),
  );
}

/** Quick match's offer: nobody came; play the computer instead, or keep waiting. Never taken without a click. */
export function offerView(
  offer: ServerMessages['computer-offer'],
  on: { accept: (level: PracticeLevel) => void; decline: () => void },
): HTMLElement {
  const levels = levelButtons((level, b) => {
    for (const x of levels.querySelectorAll('button')) x.disabled = true;
    b.classList.add('chosen');
    on.accept(level);
  });
  for (const b of levels.querySelectorAll<HTMLButtonElement>('button')) {
    if (!offer.levels.includes(b.id.replace('bot-', '') as PracticeLevel)) b.remove();
  }
  return h(
    'section.card.col.offer',
    { id: 'computer-offer', 'aria-labelledby': 'offer-h' },
    h('h3#offer-h', { style: { margin: 0 } }, 'Nobody yet — play the computer instead?'),
    h(
      'p.dim',
      { style: { margin: 0 } },
      `No other captain has come for ${offer.waitedSeconds} s. Pick a level to start now, or keep waiting.`,
    ),
    levels,
    h('div.row', null, h('button', { id: 'keep-waiting', type: 'button', onclick: on.decline }, 'Keep waiting')),
  );
}
