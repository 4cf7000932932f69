// Decisions on the board (RULES §4.3–4.5, §8): legal targets and hexes are highlighted from the prompt's own lists of
// legal options and clicked to choose (or picked from the list). A direct-fire or point-defence prompt is a list of
// targets; a fighter activation is planned step by step (fighter-decision.ts). Nothing here decides what is legal:
// the engine listed it.
import {
  sectionHexes,
  type Decision,
  type Hex,
  type PublicState,
  type Prompt,
  type Target,
  type TargetOption,
} from '@star-eater/engine';
import { cardName, type Names } from '../animation/names.js';
import { promptHelp } from '../learn/help.js';
import { setFocus, setHighlights, setTokenGhost, type BoardState, type Highlight } from '../board/state.js';
import { h, replace } from '../ui/dom.js';
import { facingTowards } from './facing.js';
import { fighterBody, key, type FighterDraft, type PanelCtx } from './fighter-decision.js';
import { shotLabel } from './prompt-text.js';
import { anyTarget, targetList } from './target-list.js';

function targetHex(s: PublicState, t: Target): Hex | null {
  if (t.kind === 'hex') return t.at;
  if (t.kind === 'section') {
    const ship = s.ships[t.seat];
    return sectionHexes(ship.core, ship.facing).find((x) => x.section === t.section)!.at;
  }
  if (t.kind === 'torpedo') return s.tokens.find((x) => x.id === t.id)?.at ?? null;
  for (const ship of s.ships) for (const q of ship.squadrons) if (q.id === t.id && q.at) return q.at;
  return null;
}

export class DecisionPanel {
  readonly el = h('section.card.col.decision', { id: 'decision-panel', 'aria-label': 'Decision' });
  private clickable = new Map<string, () => void>();
  private fighter: FighterDraft | null = null;
  private clock = h('span.countdown', { id: 'prompt-countdown' });

  constructor(
    private board: BoardState,
    private names: Names,
    readonly id: number,
    private prompt: Prompt,
    private state: PublicState,
    private send: (d: Decision) => void,
  ) {
    this.render();
  }

  /** Handlers that show a button's hex on the board (as if hovered) while the button is pointed at or focused. */
  private pointsAt(at: Hex): Record<string, () => void> {
    const show = (x: Hex | null) => () => {
      this.board.hover = x;
      this.board.dirty = true;
    };
    return { onmouseenter: show(at), onfocus: show(at), onmouseleave: show(null), onblur: show(null) };
  }

  /**
   * A drag on the board (the launch facing is pointed on the board): pressed on the squadron being launched
   * (or on a launch hex, which places it there) and released towards where it should face.
   */
  drag(from: Hex, to: Hex): boolean {
    if (!this.draggable(from)) return false;
    const f = this.fighter!;
    f.launchAt = from;
    f.facing = facingTowards(from, to);
    this.render();
    return true;
  }

  /** Whether a drag from this hex points the launch facing (else, on a zoomed board, it moves the view). */
  draggable(from: Hex): boolean {
    const f = this.fighter;
    if (f?.option.mode !== 'launch' || f.path.length) return false;
    if (f.launchAt) return key(f.launchAt) === key(from);
    return (f.option.launchHexes ?? []).some((at) => key(at) === key(from));
  }

  /** A shot with nothing to roll against in reach (its time-out fires at an empty hex); false for other prompts. */
  get nothingInReach(): boolean {
    const p = this.prompt;
    return p.kind !== 'fighter' && !anyTarget(p.options);
  }

  /** A click on the board: choose whatever is highlighted there. */
  click(at: Hex): boolean {
    const f = this.clickable.get(key(at));
    if (f) f();
    return !!f;
  }

  /**
   * The prompt's countdown: the seconds the whose-turn line shows (null: no timer runs yet, it starts after the
   * animations), set in the same tick as that line's (live-match.ts), so that the two never read differently.
   */
  showClock(seconds: number | null): void {
    const text = seconds === null ? '' : `${seconds}s`;
    if (this.clock.textContent !== text) this.clock.textContent = text;
  }

  private targets(
    opts: TargetOption[],
    onPick: (t: Target) => void,
    title: string,
    highlights: Highlight[],
  ): HTMLElement {
    // Every legal hex takes a click on the board; the list names the real targets, likeliest first (target-list.ts).
    opts.forEach((o, i) => {
      const at = targetHex(this.state, o.target);
      if (!at) return;
      highlights.push({ at, kind: 'target', ref: String(i) });
      this.clickable.set(key(at), () => onPick(o.target));
    });
    const { entries, hold } = targetList(opts, this.names, this.state.ships[this.prompt.seat]);
    const button = (o: TargetOption, label: string, extra: Record<string, unknown> = {}) => {
      const at = targetHex(this.state, o.target);
      return h(
        'button',
        {
          onclick: () => onPick(o.target),
          dataset: { option: String(opts.indexOf(o)) },
          ...(at ? this.pointsAt(at) : {}),
          ...extra,
        },
        label,
      );
    };
    return h(
      'div.col',
      null,
      h('div.dim', null, title),
      h(
        'div.options',
        { role: 'listbox', 'aria-label': title },
        entries.map((e) => button(e.option, e.label)),
        hold
          ? button(hold, 'Hold fire: aim at empty space (no roll; the weapon still cools down)', { id: 'hold-fire' })
          : null,
      ),
    );
  }

  /** What a fighter body works with: this panel's position, board hooks and activation in progress. */
  private ctx(highlights: Highlight[]): PanelCtx {
    const panel = this;
    return {
      state: this.state,
      names: this.names,
      flipped: this.board.orientation === 1,
      highlights,
      clickable: this.clickable,
      ghost: null,
      get fighter() {
        return panel.fighter;
      },
      set fighter(f) {
        panel.fighter = f;
      },
      render: () => this.render(),
      send: this.send,
      pointsAt: (at) => this.pointsAt(at),
      targets: (opts, onPick, title) => this.targets(opts, onPick, title, highlights),
    };
  }

  render(): void {
    this.clickable.clear();
    const c = this.ctx([]);
    const p = this.prompt;
    const shot = (text: string, kind: 'direct-fire' | 'point-defence', opts: TargetOption[]) => [
      h('p', { style: { margin: 0 } }, text),
      c.targets(opts, (target) => this.send({ kind, target }), 'Legal targets'),
    ];
    const body =
      p.kind === 'direct-fire'
        ? shot(`Choose a target for ${cardName(p.weapon)} (${p.mount.replace('-', ' ')}).`, p.kind, p.options)
        : p.kind === 'point-defence'
          ? shot(`Point defence ${shotLabel(p)} (${cardName(p.weapon)}).`, p.kind, p.options)
          : fighterBody(c, p);
    replace(
      this.el,
      h('div.row', null, h('h3', { style: { margin: 0 } }, 'Your decision'), h('span.grow'), this.clock),
      ...body.slice(0, 1),
      h('p.prompt-help', { id: 'prompt-help' }, promptHelp(p)),
      ...body.slice(1),
    );
    setHighlights(this.board, c.highlights);
    setTokenGhost(this.board, c.ghost);
    setFocus(this.board, this.asked(c.highlights));
  }

  /**
   * The hexes the view brings into sight: a shot's real targets (not the empty hexes it may also aim at), else every
   * hex the prompt highlights.
   */
  private asked(highlights: Highlight[]): Hex[] {
    const p = this.prompt;
    if (p.kind !== 'fighter') {
      const real = p.options.filter((o) => o.target.kind !== 'hex').map((o) => targetHex(this.state, o.target));
      const hexes = real.filter((x): x is Hex => x !== null);
      if (hexes.length) return hexes;
    }
    return highlights.map((x) => x.at);
  }

  destroy(): void {
    setHighlights(this.board, []);
    setTokenGhost(this.board, null);
    setFocus(this.board, []);
    this.el.remove();
  }
}
