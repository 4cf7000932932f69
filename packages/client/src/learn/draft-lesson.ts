// The tutorial's draft lesson: the real draft screen (draft.ts: the slots' cards with a suggested pick, the swap step,
// munition placement, both players' picks) on a draft kept on this page. Each choice is read as the server reads it
// (the protocol's parser) and applied by the engine (applyDraftAction); the target answers at once with the engine's
// first legal action.
import {
  applyDraftAction,
  createDraft,
  draftTurn,
  legalDraftActions,
  MUNITIONS_TOTAL,
  SINGLE_SLOTS,
  type Draft,
  type DraftAction,
  type FactionId,
  type Seat,
} from '@star-eater/engine';
import { parseClientMessage } from '@star-eater/protocol';
import type { SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { draftActions, picksView } from '../screens/draft.js';
import type { DraftSelection, DraftSender } from '../screens/draft-choice.js';
import { h, replace } from '../ui/dom.js';
import { finishLesson, lessonCard, type LessonCard, warn } from './lesson-card.js';

const FACTIONS: [FactionId, FactionId] = ['fpa', 'lamais'];
const NAMES: [string, string] = ['You', 'Target'];

export const DRAFT_LESSON = {
  title: 'The draft',
  teach: [
    'Before a match each player builds a warship from their faction’s deck: you take turns picking one card for an empty slot — main weapon, broadside, fighter bay, point defence, or the three squadrons at once. Picks are public: the players’ picks list shows both.',
    'The screen suggests a pick at every step: Confirm takes it, or click another card first.',
    `When all slots are full, the player with the initiative (you) may swap one slot for the other card of it; then you place ${MUNITIONS_TOTAL} munitions on your squadrons.`,
  ],
  task: 'Draft your warship: confirm a pick for each slot, choose a swap or No swap, then place your munitions.',
  after:
    'Your warship is built. In a match the draft has a timer, and the computer or your friend picks in turn — the same screen.',
};

/** What the draft screen shows of a seat: its picks so far ('' for an empty slot) and its munitions once placed. */
function seatOf(d: Draft, seat: Seat): SeatInfo {
  const l = d.loadouts[seat];
  const picks = { main: '', broadside: '', fighterBay: '', pointDefence: '', squadrons: [...(l.squadrons ?? [])] };
  for (const slot of SINGLE_SLOTS) picks[slot] = l[slot] ?? '';
  const base = { taken: true, connected: true, lockedIn: false, rematch: false, reconnectLeft: 0 };
  return { ...base, name: NAMES[seat], faction: FACTIONS[seat], picks, munitions: [...(d.munitions[seat] ?? [])] };
}

export class DraftLessonRun {
  private draft = createDraft({ factions: FACTIONS, initiative: 0 });
  private readonly sel: DraftSelection = { squadrons: [], munitions: [], card: null, pending: false };
  private readonly lessonCard: LessonCard;
  private readonly body = h('div.draft-layout');
  private done = false;

  constructor(
    private readonly index: number,
    private readonly total: number,
    private readonly o: { next: () => void; quit: () => void },
  ) {
    this.lessonCard = lessonCard(DRAFT_LESSON, index, total, o);
  }

  mount(root: HTMLElement): void {
    replace(
      root,
      h('div.screen', { id: 'draft-screen' }, h('div.center.wide.col', null, this.lessonCard.card, this.body)),
    );
    this.render();
  }

  /** The draft screen's sends, answered as a room would: after the screen shows "Sent…", on the next tick. */
  private readonly sender: DraftSender = {
    send: ((type: string, payload: unknown) => queueMicrotask(() => this.receive(type, payload))) as Session['send'],
  };

  private receive(type: string, payload: unknown): void {
    Object.assign(this.sel, { squadrons: [], munitions: [], card: null, pending: false, suggestedFor: undefined });
    const m = parseClientMessage(type, payload);
    const r = m.ok ? applyDraftAction(this.draft, 0, m.value as DraftAction) : null;
    if (!m.ok) warn(this.lessonCard, m.error.message);
    else if (r && !r.ok) warn(this.lessonCard, `Not allowed: ${r.error.message}`);
    else if (r?.ok) {
      this.draft = r.value;
      this.lessonCard.hint.textContent = '';
      this.targetAnswers();
    }
    this.render();
  }

  /** The target takes the engine's first legal action whenever the draft waits on it. */
  private targetAnswers(): void {
    for (let guard = 0; draftTurn(this.draft).seats.includes(1) && guard < 20; guard++) {
      const action = legalDraftActions(this.draft, 1).actions[0];
      if (!action) throw new Error('tutorial draft: the target has no legal action');
      const r = applyDraftAction(this.draft, 1, action);
      if (!r.ok) throw new Error(`tutorial draft: the target's action was refused: ${r.error.message}`);
      this.draft = r.value;
    }
  }

  private render(): void {
    const turn = draftTurn(this.draft);
    const seats = [seatOf(this.draft, 0), seatOf(this.draft, 1)];
    const acting =
      turn.stage === 'done'
        ? h('p', { id: 'draft-done' }, 'Both warships are ready.')
        : draftActions(this.sender, turn.stage, seats[0]!, FACTIONS[0], turn.seats.includes(0), this.sel, () =>
            this.render(),
          );
    replace(
      this.body,
      h('div.draft-main', null, acting),
      h('aside.draft-picks', { 'aria-label': 'Both players’ picks' }, picksView(seats, NAMES, FACTIONS, 0)),
    );
    if (turn.stage === 'done' && !this.done) {
      this.done = true;
      finishLesson(this.lessonCard, DRAFT_LESSON.after, this.index === this.total - 1, this.o.next);
    }
  }

  destroy(): void {}
}
