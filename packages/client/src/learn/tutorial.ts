// The interactive tutorial: short lessons (lessons.ts) played on the real board with the real commit
// panel and decision prompts, each round resolved by the engine. Skippable (a lesson, or the whole tutorial) and
// resumable: the next lesson is remembered on this device. Reached from the lobby and the learn page.
import { defaultDecision, resolveRound, type Commitment, type Decision, type MatchState } from '@star-eater/engine';
import type { App } from '../screens/app-context.js';
import { modelFromMatch } from '../board/model.js';
import { setGhost, setHighlights } from '../board/state.js';
import { CommitPanel } from '../screens/commit-panel.js';
import { DecisionPanel } from '../screens/decision.js';
import { MatchView } from '../screens/match-view.js';
import { h, replace } from '../ui/dom.js';
import { DraftLessonRun } from './draft-lesson.js';
import { finishLesson, lessonCard, type LessonCard, warn } from './lesson-card.js';
import { HOLD, LESSONS, type Lesson, TUTORIAL_LENGTH } from './lessons.js';

const PROGRESS_KEY = 'star-eater.tutorial';
const NAMES: [string, string] = ['You', 'Target'];

export function tutorialProgress(): number {
  const n = Number(localStorage.getItem(PROGRESS_KEY) ?? '0');
  return Number.isInteger(n) && n >= 0 ? Math.min(n, TUTORIAL_LENGTH) : 0;
}

function saveProgress(n: number): void {
  localStorage.setItem(PROGRESS_KEY, String(n));
}

class LessonRun {
  private view: MatchView;
  private commit: CommitPanel;
  private decision: DecisionPanel | null = null;
  private state: MatchState;
  private shown = 0;
  private promptId = 0;
  private readonly lessonCard: LessonCard;

  constructor(
    private readonly lesson: Lesson,
    private readonly index: number,
    private readonly o: { next: () => void; quit: () => void },
  ) {
    this.state = lesson.setup();
    this.view = new MatchView({
      names: NAMES,
      factions: ['fpa', 'lamais'],
      you: 0,
      model: modelFromMatch(this.state),
      onHexClick: (hx) => this.decision?.click(hx),
      onHexDrag: (a, b) => this.decision?.drag(a, b),
      dragsFrom: (hx) => this.decision?.draggable(hx) ?? false,
    });
    this.commit = new CommitPanel(0, this.view.board, {
      lock: (c) => this.lock(c),
      revise: () => this.open(false),
    });
    this.lessonCard = lessonCard(lesson, index, TUTORIAL_LENGTH, o);
  }

  async mount(root: HTMLElement): Promise<void> {
    replace(root, this.view.root);
    await this.view.init();
    if (this.view.left) return; // left while the board was being made
    this.view.panel.append(this.lessonCard.card, this.commit.el);
    this.view.bar.append(this.commit.bar);
    this.open(true);
  }

  private open(fresh: boolean): void {
    this.commit.el.hidden = this.commit.bar.hidden = false;
    this.commit.update(this.state, { locked: false, opponentLocked: true, deadline: 0, newRound: fresh });
  }

  private lock(c: Commitment): void {
    const hint = this.lesson.check(c);
    if (hint) {
      warn(this.lessonCard, hint);
      this.open(false);
      return;
    }
    this.lessonCard.hint.textContent = '';
    this.commit.update(this.state, { locked: true, opponentLocked: true, deadline: 0, newRound: false });
    void this.resolve(c, []);
  }

  /** The engine resolves the round; our prompts are asked on the board, the target's take the default. */
  private async resolve(c: Commitment, decisions: Decision[]): Promise<void> {
    const p = resolveRound(this.state, [c, HOLD], decisions);
    if (p.status === 'error') {
      warn(this.lessonCard, `That did not work: ${p.error.message}. Try again.`);
      return this.open(false);
    }
    this.commit.el.hidden = this.commit.bar.hidden = true;
    this.view.showBoard();
    this.view.play(p.events.slice(this.shown));
    this.shown = p.events.length;
    await this.view.idle();
    if (p.status === 'awaiting') {
      const prompt = p.prompt;
      if (prompt.seat !== 0) return this.resolve(c, [...decisions, defaultDecision(prompt)]);
      this.decision = new DecisionPanel(this.view.board, NAMES, ++this.promptId, prompt, p.state, (d) => {
        this.decision?.destroy();
        this.decision = null;
        void this.resolve(c, [...decisions, d]);
      });
      this.view.panel.prepend(this.decision.el);
      this.view.showBoard();
      return;
    }
    this.view.settle(modelFromMatch(p.state));
    setGhost(this.view.board, null);
    setHighlights(this.view.board, []);
    this.done();
  }

  private done(): void {
    finishLesson(this.lessonCard, this.lesson.after, this.index === TUTORIAL_LENGTH - 1, this.o.next);
  }

  destroy(): void {
    this.decision?.destroy();
    this.commit.destroy();
    this.view.destroy();
  }
}

function doneView(app: App, restart: () => void): HTMLElement {
  return h(
    'div.screen',
    null,
    h(
      'div.center.card.col',
      { id: 'tutorial-done', style: { maxWidth: '560px' } },
      h('h1', { style: { margin: 0 } }, 'Tutorial complete'),
      h(
        'p',
        null,
        'You have given orders, used momentum, turned, aimed along an arc, broken armour, picked a direct-fire target, launched a torpedo and a fighter, vented a hot weapon and drafted a warship. ',
        'The rest you learn by playing: the glossary explains every label.',
      ),
      h(
        'div.row',
        null,
        h('button.primary', { id: 'tutorial-lobby', onclick: () => app.go('#/') }, 'Play a match'),
        h('a', { href: '#/learn' }, 'How to play'),
        h('button', { id: 'tutorial-restart', onclick: restart }, 'Start over'),
      ),
    ),
  );
}

export function mountTutorial(root: HTMLElement, app: App): () => void {
  let run: LessonRun | DraftLessonRun | null = null;
  let alive = true;
  const show = (i: number): void => {
    run?.destroy();
    run = null;
    saveProgress(i);
    if (!alive) return;
    if (i >= TUTORIAL_LENGTH) {
      replace(
        root,
        doneView(app, () => show(0)),
      );
      return;
    }
    const o = { next: () => show(i + 1), quit: () => app.go('#/') };
    const lesson = LESSONS[i];
    if (lesson) {
      const r = new LessonRun(lesson, i, o);
      run = r;
      void r.mount(root);
    } else {
      const r = new DraftLessonRun(i, TUTORIAL_LENGTH, o);
      run = r;
      r.mount(root);
    }
  };
  show(tutorialProgress());
  return () => {
    alive = false;
    run?.destroy();
  };
}
