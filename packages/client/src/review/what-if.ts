// "What if" on a replay (RULES §10: the seed is public once the match is over): from the start of any recorded round,
// both seats' orders filled in as they were; change either, resolve, and the engine plays the round with the match's
// own dice, so the only difference is the change. The branch goes on round by round (both seats' orders chosen here,
// or the computer's), is compared with the real line, and has a link that opens it again.
import {
  resolveBranch,
  roundAnswers,
  validateCommitment,
  type Commitment,
  type MatchEvent,
  type MatchRecord,
  type MatchState,
  type Seat,
} from '@star-eater/engine';
import { commitmentLabel } from '../animation/names.js';
import { modelFromMatch } from '../board/model.js';
import { setGhost } from '../board/state.js';
import type { MatchView } from '../screens/match-view.js';
import { h, replace } from '../ui/dom.js';
import { branchHash, type BranchSpec } from './branch-link.js';
import { diffTable } from './branch-diff.js';
import { ordersEditor, type OrdersEditor } from './orders-editor.js';
import { suggestOrders } from './suggest.js';

export interface WhatIfContext {
  view: MatchView;
  record: MatchRecord;
  recordId: string;
  names: [string, string];
  /** The real line: the engine's state before each round and each round's events. */
  states: MatchState[];
  rounds: MatchEvent[][];
  /** Back to the real line. */
  close(): void;
}

interface Step {
  orders: [Commitment, Commitment];
  before: MatchState;
  after: MatchState;
  events: MatchEvent[];
}

const NO_ORDERS: Commitment = { engine: 'NONE', cards: [] };

/** The real line's orders for round `index` where they are legal at `state`, else no orders. */
function realOrders(ctx: WhatIfContext, index: number, state: MatchState, seat: Seat): Commitment {
  const c = ctx.record.rounds[index]?.commitments[seat];
  return c && validateCommitment(state, seat, c).ok ? c : NO_ORDERS;
}

export class WhatIf {
  readonly root = h('section.card.whatif', { id: 'whatif', 'aria-label': 'What if' });
  private steps: Step[] = [];
  private editors: OrdersEditor[] = [];
  private readonly result = h('div.col', { id: 'whatif-result', 'aria-live': 'polite' });

  constructor(
    private ctx: WhatIfContext,
    /** The record's round index the branch starts at (0 = round 1). */
    private first: number,
  ) {}

  private index(): number {
    return this.first + this.steps.length;
  }
  private current(): MatchState {
    return this.steps.at(-1)?.after ?? this.ctx.states[this.first]!;
  }

  /** Resolves one round of the branch from the position it has reached; the real round's answers where they fit. */
  resolve(orders: [Commitment, Commitment]): Step {
    const before = this.current();
    const k = this.index();
    const real = this.ctx.record.rounds[k];
    // the real round's answers, matched to the branch's questions by what they ask (what-if.ts in the engine)
    const answers = real ? roundAnswers(this.ctx.states[k]!, real.commitments, real.decisions) : [];
    const b = resolveBranch(before, orders, answers);
    const step = { orders, before, after: b.state, events: b.events };
    this.steps.push(step);
    return step;
  }

  spec(): BranchSpec {
    return { round: this.first + 1, orders: this.steps.map((s) => s.orders) };
  }

  /** Plays a resolved step on the board and shows how it compares with the real round. */
  private show(step: Step): void {
    const { view } = this.ctx;
    view.reset(modelFromMatch(step.before));
    view.clearLog();
    view.play(step.events);
    const k = this.index() - 1;
    void view.idle().then(() => {
      view.settle(modelFromMatch(step.after));
      this.ghostRealEnd(k, step.after);
    });
    const real =
      k < this.ctx.record.rounds.length
        ? { before: this.ctx.states[k]!, state: this.ctx.states[k + 1]!, events: this.ctx.rounds[k]! }
        : null;
    const link = branchHash(this.ctx.recordId, this.spec());
    history.replaceState(null, '', link);
    replace(
      this.result,
      h('h4', null, `Round ${k + 1}: what happened and what if`),
      h(
        'div.dim.small',
        null,
        step.orders.map((o, seat) => `${this.ctx.names[seat]}: ${commitmentLabel(o)}`).join(' · '),
      ),
      diffTable(real, { before: step.before, state: step.after, events: step.events }, this.ctx.names),
      h(
        'div.row',
        null,
        h(
          'button.small',
          { id: 'whatif-copy', onclick: () => void navigator.clipboard?.writeText(location.href) },
          'Copy link',
        ),
        h('a.small', { id: 'whatif-link', href: link }, 'Link to this branch'),
      ),
    );
  }

  /** A warship that ends the branch's round elsewhere than it really did: its real end drawn as a ghost. */
  private ghostRealEnd(k: number, after: MatchState): void {
    const real = this.ctx.states[k + 1];
    if (!real || k >= this.ctx.record.rounds.length) {
      setGhost(this.ctx.view.board, null);
      return;
    }
    const seat = ([0, 1] as const).find((s) => {
      const a = real.ships[s];
      const b = after.ships[s];
      return a.core.q !== b.core.q || a.core.r !== b.core.r || a.facing !== b.facing;
    });
    const ship = seat === undefined ? null : real.ships[seat];
    setGhost(
      this.ctx.view.board,
      ship ? { seat: ship.seat, core: ship.core, facing: ship.facing, path: [ship.core] } : null,
    );
  }

  /** The panel: the orders of the next round of the branch, the computer's advice, resolve, and the result so far. */
  render(): HTMLElement {
    const state = this.current();
    const index = this.index();
    const over = state.winner !== null;
    const resolveBtn = h('button.primary', { id: 'whatif-resolve' }, `Resolve round ${index + 1}`);
    const check = () => {
      resolveBtn.disabled = this.editors.some((e) => !e.value().ok);
    };
    this.editors = over
      ? []
      : ([0, 1] as const).map((seat) => ordersEditor(state, seat, `${this.ctx.names[seat]}'s orders`, check));
    for (const [seat, e] of this.editors.entries()) e.set(realOrders(this.ctx, index, state, seat as Seat));
    resolveBtn.onclick = () => {
      const [a, b] = this.editors.map((e) => e.value());
      if (!a?.ok || !b?.ok) return;
      const step = this.resolve([a.value, b.value]);
      this.show(step);
      replace(this.root, ...this.body());
      this.result.scrollIntoView({ block: 'start' });
    };
    return h(
      'div.col',
      null,
      ...(over
        ? [h('p', null, 'The match is over in this branch.')]
        : [
            ...this.editors.map((e, seat) => h('div.col', null, e.root, this.adviceButton(state, seat as Seat, e))),
            resolveBtn,
          ]),
    );
  }

  private adviceButton(state: MatchState, seat: Seat, editor: OrdersEditor): HTMLElement {
    const out = h('ol.whatif-advice.small', { id: `whatif-advice-${seat}` });
    const btn = h('button.small', { id: `whatif-ask-${seat}` }, `Ask the computer for ${this.ctx.names[seat]}`);
    btn.onclick = () => {
      btn.disabled = true;
      replace(out, h('li.dim', null, h('span.spinner'), ' thinking…'));
      suggestOrders(state, seat, `${this.ctx.record.seed}:${state.round}:${seat}`)
        .then((ranked) => {
          editor.set(ranked[0]!.commitment);
          replace(
            out,
            ranked
              .slice(0, 3)
              .map((r, i) =>
                h(
                  'li',
                  null,
                  `${commitmentLabel(r.commitment)} — ${i === 0 ? 'its choice' : 'also considered'}, value ${r.value.toFixed(2)}`,
                ),
              ),
          );
        })
        .catch((e: Error) => replace(out, h('li.bad', null, `The computer could not answer: ${e.message}`)))
        .finally(() => (btn.disabled = false));
    };
    return h('div.col', null, btn, out);
  }

  body(): HTMLElement[] {
    return [
      h('div.whatif-banner', { role: 'status' }, `What if… from round ${this.first + 1} — a branch, not what happened`),
      h(
        'p.dim.small',
        null,
        "The dice are the match's own (its seed is public now that it is over): only the changed orders differ.",
      ),
      this.result,
      this.render(),
      h('button.small', { id: 'whatif-close', onclick: () => this.ctx.close() }, 'Back to the real line'),
    ];
  }

  mount(): HTMLElement {
    replace(this.root, ...this.body());
    return this.root;
  }

  /** Opens a branch from its link's orders, round by round; stops at the first round whose orders are not legal. */
  replay(orders: readonly [Commitment, Commitment][]): string | null {
    let last: Step | null = null;
    for (const [k, pair] of orders.entries()) {
      const state = this.current();
      for (const seat of [0, 1] as const) {
        const r = validateCommitment(state, seat, pair[seat]);
        if (!r.ok) return `round ${this.index() + 1} of the branch, ${this.ctx.names[seat]}: ${r.error.message}`;
      }
      if (state.winner !== null) return `the branch's match was over before its round ${this.first + k + 1}`;
      last = this.resolve(pair);
    }
    if (last) this.show(last);
    replace(this.root, ...this.body());
    return null;
  }
}
