// The tutorial's lesson card beside the board or the draft: the lesson's number and title, what to read, the task,
// a hint line (a wrong answer's correction, then what happened), skip and leave; and its end, with Next.
import { h, replace } from '../ui/dom.js';

export interface LessonCard {
  card: HTMLElement;
  hint: HTMLElement;
}

export interface LessonText {
  title: string;
  teach: string[];
  task: string;
}

export function lessonCard(
  text: LessonText,
  index: number,
  total: number,
  o: { next: () => void; quit: () => void },
): LessonCard {
  const hint = h('p.lesson-hint', { id: 'lesson-hint', role: 'status', 'aria-live': 'polite' });
  const card = h(
    'section.card.col.lesson',
    { id: 'lesson', 'aria-labelledby': 'lesson-title' },
    h(
      'div.row',
      null,
      h('h2#lesson-title', { style: { margin: 0 } }, `${index + 1} · ${text.title}`),
      h('span.grow'),
      h('span.dim', null, `${index + 1} of ${total}`),
    ),
    text.teach.map((t) => h('p', null, t)),
    h('p.lesson-task', { id: 'lesson-task' }, h('b', null, 'Your turn: '), text.task),
    hint,
    h(
      'div.row',
      null,
      h('button.small', { id: 'lesson-skip', type: 'button', onclick: () => o.next() }, 'Skip this lesson'),
      h('button.small', { id: 'tutorial-quit', type: 'button', onclick: () => o.quit() }, 'Leave the tutorial'),
    ),
  );
  return { card, hint };
}

/** Shows a hint that corrects the player (the task is still to do). */
export function warn(c: LessonCard, text: string): void {
  c.hint.textContent = text;
  c.hint.classList.add('warn');
}

/** The lesson is done: what happened, and the button to the next lesson (Finish on the last). */
export function finishLesson(c: LessonCard, after: string, last: boolean, next: () => void): void {
  const button = h(
    'button.primary',
    { id: 'lesson-next', type: 'button', onclick: next },
    last ? 'Finish' : 'Next lesson',
  );
  replace(c.hint, h('b', null, 'Done. '), after);
  c.hint.classList.remove('warn');
  c.hint.classList.add('good-box');
  c.card.append(h('div.row', null, button));
  button.focus();
}
