// "How to play": the rules for players in short sections, pictures drawn by the board's own renderer
// (figures.ts), and the glossary of every abbreviation the screens show. Reached from the lobby and the top bar.
import { BoardView } from '../board/view.js';
import { createBoardState, setGhost, setHighlights } from '../board/state.js';
import { h, replace } from '../ui/dom.js';
import { figures, type Figure } from './figures.js';
import { GLOSSARY } from './glossary.js';
import { SECTIONS } from './rules-text.js';

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

function contents(): HTMLElement {
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
  return toc;
}

function glossarySection(): HTMLElement {
  const cols = ['Term', 'Where', 'Meaning'].map((c) => h('th', { scope: 'col' }, c));
  const rows = GLOSSARY.map((t) =>
    h('tr', null, h('th', { scope: 'row' }, t.term), h('td.dim', null, t.where), h('td', null, t.meaning)),
  );
  return h(
    'section.learn-section',
    { id: 'learn-glossary', 'aria-labelledby': 'learn-glossary-h' },
    h('h2#learn-glossary-h', null, 'Glossary'),
    h('table.glossary', { id: 'glossary' }, h('thead', null, h('tr', null, cols)), h('tbody', null, rows)),
  );
}

/** The sections in order, each with its picture once its board is built, then the glossary. */
async function fillBody(body: HTMLElement, views: BoardView[]): Promise<void> {
  const figs = figures();
  const figFor: Record<string, Figure | undefined> = {
    arcs: figs[0],
    momentum: figs[1],
    damage: figs[2],
    fighters: figs[3],
    turning: figs[4],
  };
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
  body.append(glossarySection());
  const s = new URLSearchParams(location.hash.split('?')[1] ?? '').get('s');
  if (s) document.getElementById(`learn-${s}`)?.scrollIntoView();
}

export function mountLearn(root: HTMLElement): () => void {
  const views: BoardView[] = [];
  const body = h('div.learn-body');
  const head = h(
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
  );
  replace(root, h('div.screen.learn', { id: 'learn-page' }, h('div.learn-wrap', null, head, contents(), body)));
  fillBody(body, views).catch((e: unknown) => console.error(e));
  return () => {
    for (const v of views) v.destroy();
  };
}
