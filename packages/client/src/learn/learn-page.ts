// "How to play" (issue 12): the rules for players in short sections, pictures drawn by the board's own renderer
// (figures.ts), and the glossary of every abbreviation the screens show. Reached from the lobby and the top bar.
import { BoardView } from '../board/view.js';
import { createBoardState, setGhost, setHighlights } from '../board/state.js';
import { h, replace } from '../ui/dom.js';
import { figures, type Figure } from './figures.js';
import { GLOSSARY } from './glossary.js';

const SECTIONS: [string, string, string[]][] = [
  [
    'goal',
    'The goal',
    [
      'Two warships fight on a hex board. Destroy the other warship (bring its structure to 0) and you win; if both go at once it is a draw.',
      'Every round both captains give their orders in secret, then everything happens at once. Planning ahead is the game.',
    ],
  ],
  [
    'round',
    'A round',
    [
      'Orders (sealed): pick an engine card — a thrust N … NW, DOUBLE, a turn CW/CCW, or NONE — and up to two commitment cards. Lock in. Nobody sees your orders until both are locked in.',
      'Momentum: your thrust is added to the momentum mat, then both ships move along their mats in lock-step.',
      'Actions: Vent Coolant, Squadron Maintenance, Special Ability, Defence Stations resolve.',
      'Fighters: players take turns activating squadrons (or launching one if they played Launch Squadron).',
      'Weapons: lasers, then projectiles, then torpedoes, then direct fire.',
      'Cleanup: one cooldown token comes off every component; what fired this round cools down; the initiative passes.',
    ],
  ],
  [
    'momentum',
    'Momentum',
    [
      'Momentum never goes away by itself: the arrows on your mat move your warship every round. A thrust opposite an arrow removes it (you slow down); a thrust two edges away bends it; otherwise it adds an arrow (up to four).',
      'Running off the board edge or into the other warship costs that step and deals 1 damage to the sections involved.',
    ],
  ],
  [
    'arcs',
    'Firing arcs',
    [
      'Each weapon fires from its mount: the main weapon from the bow (usually straight ahead: the bullseye), the broadsides from the rear-left and rear-right sections, sideways.',
      'The commitment panel draws what a weapon covers when you point at its card.',
    ],
  ],
  [
    'damage',
    'Damage',
    [
      'A warship has four sections, each with armour, and one structure pool. A hit on a section with armour lowers the armour (the excess is lost); a hit on a section with no armour left comes off the structure.',
      'Direct fire rolls a d12: it hits when the roll beats 6 + the target’s evasion − the weapon’s accuracy. The log shows every number.',
    ],
  ],
  [
    'fighters',
    'Fighters',
    [
      'Play Launch Squadron and, in the fighter phase, place a squadron next to a fighter bay, move it and attack. Each attack spends a munition. Any damage destroys a squadron.',
      'Point defence (Defence Stations) shoots at enemy squadrons and torpedoes near you.',
    ],
  ],
  [
    'cooldown',
    'Cooldown',
    [
      'A component that acts gets cooldown tokens and cannot act again until they are gone: one comes off each cleanup. A card whose component is cooling down does nothing — the panel greys it out and says why.',
      'Vent Coolant removes a token at once, so a weapon can fire again sooner.',
    ],
  ],
  [
    'timers',
    'Timers',
    [
      'Orders, prompts and draft picks have timers. Relaxed gives two minutes for orders and prompts, Standard one minute for orders and 30 s for prompts, Blitz less. When time runs out the default is taken (no thrust and no cards; the safest prompt answer).',
      'The clock of the next step starts only after the round’s animation has played.',
    ],
  ],
];

/** One picture: the figure's position on its own small board view. */
async function picture(f: Figure, views: BoardView[]): Promise<HTMLElement> {
  const host = h('div.figure-board', { role: 'presentation' });
  const el = h('figure.learn-figure', { id: f.id }, host, h('figcaption', null, f.caption));
  const state = createBoardState(f.model);
  setHighlights(state, f.highlights);
  setGhost(state, f.ghost);
  const view = new BoardView(host, state);
  views.push(view);
  queueMicrotask(() => void view.init().catch((e: unknown) => console.error(e)));
  return el;
}

export function mountLearn(root: HTMLElement): () => void {
  const views: BoardView[] = [];
  const toc = h(
    'nav.learn-toc',
    { 'aria-label': 'Contents' },
    h(
      'ul',
      null,
      SECTIONS.map(([id, title]) => h('li', null, h('a', { href: `#/learn?s=${id}`, dataset: { to: id } }, title))),
      h('li', null, h('a', { href: '#/learn?s=glossary', dataset: { to: 'glossary' } }, 'Glossary')),
    ),
  );
  toc.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a) return;
    e.preventDefault();
    document.getElementById(`learn-${a.dataset.to}`)?.scrollIntoView({ behavior: 'smooth' });
  });
  const figs = figures();
  const figFor: Record<string, Figure | undefined> = {
    arcs: figs[0],
    momentum: figs[1],
    damage: figs[2],
    fighters: figs[3],
  };
  const body = h('div.learn-body');
  const page = h(
    'div.screen.learn',
    { id: 'learn-page' },
    h(
      'div.learn-wrap',
      null,
      h(
        'header.learn-head',
        null,
        h('h1', null, 'How to play Star Eater'),
        h(
          'p',
          null,
          'Ten minutes of reading, or learn by playing: ',
          h('a', { href: '#/tutorial', id: 'start-tutorial' }, 'the interactive tutorial'),
          '.',
        ),
      ),
      toc,
      body,
    ),
  );
  replace(root, page);
  void (async () => {
    for (const [id, title, paras] of SECTIONS) {
      const f = figFor[id];
      body.append(
        h(
          'section.learn-section',
          { id: `learn-${id}`, 'aria-labelledby': `learn-${id}-h` },
          h(`h2#learn-${id}-h`, null, title),
          paras.map((p) => h('p', null, p)),
          f ? await picture(f, views) : null,
        ),
      );
    }
    body.append(
      h(
        'section.learn-section',
        { id: 'learn-glossary', 'aria-labelledby': 'learn-glossary-h' },
        h('h2#learn-glossary-h', null, 'Glossary'),
        h(
          'table.glossary',
          { id: 'glossary' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, 'Term'),
              h('th', { scope: 'col' }, 'Where'),
              h('th', { scope: 'col' }, 'Meaning'),
            ),
          ),
          h(
            'tbody',
            null,
            GLOSSARY.map((t) =>
              h('tr', null, h('th', { scope: 'row' }, t.term), h('td.dim', null, t.where), h('td', null, t.meaning)),
            ),
          ),
        ),
      ),
    );
    const s = new URLSearchParams(location.hash.split('?')[1] ?? '').get('s');
    if (s) document.getElementById(`learn-${s}`)?.scrollIntoView();
  })();
  return () => {
    for (const v of views) v.destroy();
  };
}
