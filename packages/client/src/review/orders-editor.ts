// One seat's orders for a round under review: the engine setting and up to two cards, each offered from the engine's
// legal plays at that position (commitmentOptions, RULES §4.1); the engine's own check names what is wrong.
import {
  CARD_NAMES,
  commitmentOptions,
  validateCommitment,
  type CardPlay,
  type Commitment,
  type PublicState,
  type Seat,
} from '@star-eater/engine';
import { h } from '../ui/dom.js';
import { playKey, playLabel } from '../screens/commit-params.js';

export interface OrdersEditor {
  readonly root: HTMLElement;
  /** The orders as chosen, or the engine's reason they are not legal. */
  value(): { ok: true; value: Commitment } | { ok: false; error: string };
  set(c: Commitment): void;
}

export function ordersEditor(state: PublicState, seat: Seat, legend: string, onChange: () => void): OrdersEditor {
  const options = commitmentOptions(state, seat);
  const ship = state.ships[seat];
  const plays: CardPlay[] = options.cards.filter((c) => c.usable).flatMap((c) => c.plays);
  const label = (p: CardPlay) => {
    const many = options.cards.find((c) => c.card === p.card)!.plays.length > 1;
    return many ? `${CARD_NAMES[p.card]}: ${playLabel(p, ship)}` : CARD_NAMES[p.card];
  };
  const id = (part: string) => `whatif-${seat}-${part}`;
  const engine = h(
    'select',
    { id: id('engine'), onchange: () => check() },
    options.engines.map((e) => h('option', { value: e }, e)),
  );
  const cardSelect = (n: number) =>
    h(
      'select',
      { id: id(`card${n}`), onchange: () => check() },
      h('option', { value: '' }, '— no card —'),
      plays.map((p, i) => h('option', { value: String(i) }, label(p))),
    );
  const cards = [cardSelect(1), cardSelect(2)];
  const error = h('div.bad.small', { id: id('error'), role: 'alert' });
  const root = h(
    'fieldset.orders-editor',
    null,
    h('legend', null, legend),
    h('label', null, 'Engine ', engine),
    h('label', null, 'Card ', cards[0]),
    h('label', null, 'Card ', cards[1]),
    error,
  );
  const chosen = (): Commitment => ({
    engine: engine.value as Commitment['engine'],
    cards: cards.filter((c) => c.value !== '').map((c) => plays[Number(c.value)]!),
  });
  const value = (): ReturnType<OrdersEditor['value']> => {
    const r = validateCommitment(state, seat, chosen());
    return r.ok ? r : { ok: false, error: r.error.message };
  };
  function check(): void {
    const r = value();
    error.textContent = r.ok ? '' : `Not legal: ${r.error}`;
    onChange();
  }
  return {
    root,
    value,
    set(c) {
      engine.value = c.engine;
      for (const [i, sel] of cards.entries()) {
        const p = c.cards[i];
        sel.value = p ? String(plays.findIndex((x) => playKey(x) === playKey(p))) : '';
      }
      check();
    },
  };
}
