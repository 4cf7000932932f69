// Decisions on the board (RULES §4.3–4.5, §8): legal targets and hexes are highlighted from the prompt's own lists of
// legal options and clicked to choose (or picked from the list). A fighter activation is: choose squadron → (launch
// hex and facing) → path hex by hex over the squadron's listed reach → end (move only, recall, or a listed action and
// its target) → confirm; or pass. Nothing here decides what is legal: the engine listed it.
import {
  DIRS,
  directionTo,
  neighbour,
  sectionHexes,
  squadronCard,
  squadronEndOptions,
  squadronMoves,
  type Decision,
  type Dir,
  type Hex,
  type MatchState,
  type Prompt,
  type PlacementOption,
  type SquadronEnd,
  type SquadronMoves,
  type SquadronOption,
  type Target,
  type TargetOption,
} from '@star-eater/engine';
import { cardName, targetName, type Names } from '../animation/names.js';
import { setHighlights, setTokenGhost, type BoardState, type Highlight, type TokenGhost } from '../board/state.js';
import { h, replace, secondsLeft } from '../ui/dom.js';
import { dirArrow } from './hud.js';
import { launchHexNames } from './launch-names.js';
import { shotLabel } from './prompt-text.js';
import { facingTowards, turnCw } from './facing.js';

const key = (x: Hex) => `${x.q},${x.r}`;

function targetHex(s: MatchState, t: Target): Hex | null {
  if (t.kind === 'hex') return t.at;
  if (t.kind === 'section') {
    const ship = s.ships[t.seat];
    return sectionHexes(ship.core, ship.facing).find((x) => x.section === t.section)!.at;
  }
  if (t.kind === 'torpedo') return s.tokens.find((x) => x.id === t.id)?.at ?? null;
  for (const ship of s.ships) for (const q of ship.squadrons) if (q.id === t.id && q.at) return q.at;
  return null;
}

interface FighterDraft {
  option: SquadronOption;
  launchAt?: Hex;
  facing?: Dir;
  path: Hex[];
}

export class DecisionPanel {
  readonly el = h('section.card.col.decision', { id: 'decision-panel', 'aria-label': 'Decision' });
  private clickable = new Map<string, () => void>();
  private fighter: FighterDraft | null = null;
  private timer = setInterval(() => this.tick(), 250);
  private clock = h('span.countdown', { id: 'prompt-countdown' });

  constructor(
    private board: BoardState,
    private names: Names,
    readonly id: number,
    private prompt: Prompt,
    /** Epoch ms; 0 until the room starts the prompt's timer (after the animations: the synced deadline sets it). */
    public deadline: number,
    private state: MatchState,
    private send: (d: Decision) => void,
  ) {
    this.render();
  }

  private get flipped(): boolean {
    return this.board.orientation === 1;
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
   * A drag on the board (issue 12: the launch facing is pointed on the board): pressed on the squadron being launched
   * (or on a launch hex, which places it there) and released towards where it should face.
   */
  drag(from: Hex, to: Hex): boolean {
    const f = this.fighter;
    if (f?.option.mode !== 'launch' || f.path.length) return false;
    if (!f.launchAt || key(f.launchAt) !== key(from)) return false;
    f.facing = facingTowards(from, to);
    this.render();
    return true;
  }

  /** A click on the board: choose whatever is highlighted there. */
  click(at: Hex): boolean {
    const f = this.clickable.get(key(at));
    if (f) f();
    return !!f;
  }

  private tick(): void {
    this.clock.textContent = this.deadline ? `${secondsLeft(this.deadline)}s` : '';
  }

  private targets(opts: TargetOption[], onPick: (t: Target) => void, title: string): HTMLElement {
    const hl: Highlight[] = [];
    const list = opts.map((o, i) => {
      const at = targetHex(this.state, o.target);
      if (at) {
        hl.push({ at, kind: 'target', ref: String(i) });
        this.clickable.set(key(at), () => onPick(o.target));
      }
      const odds = o.hitTwelfths !== undefined ? ` — ${Math.round((o.hitTwelfths / 12) * 100)}% to hit` : '';
      const aff = o.affected?.length ? ` — hits ${o.affected.map((t) => targetName(t, this.names)).join(', ')}` : '';
      return h(
        'button',
        { onclick: () => onPick(o.target), dataset: { option: String(i) } },
        `${targetName(o.target, this.names)} (range ${o.distance})${odds}${aff}`,
      );
    });
    this.highlights.push(...hl);
    return h(
      'div.col',
      null,
      h('div.dim', null, title),
      h('div.options', { role: 'listbox', 'aria-label': title }, list),
    );
  }

  private highlights: Highlight[] = [];
  /** Where the squadron being planned ends up (set by the fighter body, drawn as a ghost squadron). */
  private ghost: TokenGhost | null = null;

  render(): void {
    this.clickable.clear();
    this.highlights = [];
    this.ghost = null;
    const p = this.prompt;
    let body: (HTMLElement | null)[] = [];
    if (p.kind === 'direct-fire') {
      body = [
        h('p', { style: { margin: 0 } }, `Choose a target for ${cardName(p.weapon)} (${p.mount.replace('-', ' ')}).`),
        this.targets(p.options, (t) => this.send({ kind: 'direct-fire', target: t }), 'Legal targets'),
      ];
    } else if (p.kind === 'point-defence') {
      body = [
        h('p', { style: { margin: 0 } }, `Point defence ${shotLabel(p)} (${cardName(p.weapon)}).`),
        this.targets(p.options, (t) => this.send({ kind: 'point-defence', target: t }), 'Legal targets'),
      ];
    } else {
      body = this.fighterBody(p);
    }
    replace(
      this.el,
      h('div.row', null, h('h3', { style: { margin: 0 } }, 'Your decision'), h('span.grow'), this.clock),
      ...body,
    );
    setHighlights(this.board, this.highlights);
    setTokenGhost(this.board, this.ghost);
    this.tick();
  }

  private fighterBody(p: Extract<Prompt, { kind: 'fighter' }>): HTMLElement[] {
    const seat = p.seat;
    const pass = h(
      'button',
      { id: 'fighter-pass', onclick: () => this.send({ kind: 'fighter', answer: { kind: 'pass' } }) },
      'Pass (end your fighter phase)',
    );
    const f = this.fighter;
    if (!f) {
      return [
        h(
          'p',
          { style: { margin: 0 } },
          p.squadrons.some((o) => o.mode === 'activate')
            ? 'Fighter phase: activate a squadron (click it on the board, or choose below), launch one, or pass.'
            : 'Fighter phase: launch a squadron, or pass.',
        ),
        h(
          'div.options',
          null,
          p.squadrons.map((o) => {
            const sq = this.state.ships[seat].squadrons[o.squadron];
            if (o.mode === 'activate' && sq?.at) this.clickable.set(key(sq.at), () => this.choose(o));
            if (o.mode === 'activate' && sq?.at) this.highlights.push({ at: sq.at, kind: 'selected' });
            return h(
              'button',
              { dataset: { squadron: String(o.squadron), mode: o.mode }, onclick: () => this.choose(o) },
              `${o.mode === 'launch' ? 'Launch' : 'Activate'} squadron ${o.squadron + 1} — ${cardName(sq?.card ?? '')} (moves ${o.speed}, munitions ${o.munitions})`,
            );
          }),
        ),
        pass,
      ];
    }
    const back = h(
      'button.small',
      {
        onclick: () => {
          this.fighter = null;
          this.render();
        },
      },
      '← Other squadron',
    );
    const o = f.option;
    if (o.mode === 'launch' && !f.launchAt) {
      const ship = this.state.ships[seat];
      const hexes = o.launchHexes ?? [];
      const place = (at: Hex) => () => {
        f.launchAt = at;
        f.facing = ship.facing;
        this.render();
      };
      for (const at of hexes) {
        this.highlights.push({ at, kind: 'launch', seat });
        this.clickable.set(key(at), place(at));
      }
      // The same choice without the board (keyboard, screen reader): one button per launch hex, named from the bay.
      const names = launchHexNames(ship, hexes);
      const order = hexes
        .map((at, i) => ({ at, name: names[i]! }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
      const buttons = order.map(({ at, name }) =>
        h('button.small', { dataset: { launch: key(at) }, ...this.pointsAt(at), onclick: place(at) }, name),
      );
      return [
        h('p', { style: { margin: 0 } }, `Launch squadron ${o.squadron + 1}: click a highlighted hex to place it.`),
        h(
          'p.dim',
          { style: { margin: 0, fontSize: '12.5px' } },
          "Or choose one below: 12 o'clock is where your warship points.",
        ),
        h('div.row.launch-hexes', { role: 'group', 'aria-label': 'Launch hexes' }, buttons),
        back,
      ];
    }
    const start = o.mode === 'launch' ? { at: f.launchAt!, facing: f.facing! } : undefined;
    const sq = this.state.ships[seat].squadrons[o.squadron]!;
    const origin = start?.at ?? sq.at!;
    const here = f.path.at(-1) ?? origin;
    const prev = f.path.length >= 2 ? f.path.at(-2)! : origin;
    const facing: Dir = f.path.length ? (directionTo(prev, here) ?? 'N') : (start?.facing ?? sq.facing ?? 'N');
    // The prompt lists every legal activation (engine: fighter-options.ts); older servers' prompts are listed here.
    const moves: SquadronMoves = o.moves ?? squadronMoves(this.state, seat, o);
    const reach = new Set(moves.reach.map((n) => key(n.at)));
    const placementAt = (at: Hex, d: Dir): PlacementOption | undefined =>
      moves.placements.find((x) => key(moves.reach[x.hex]!.at) === key(at) && x.facing === d);
    const steps: Hex[] = [];
    if (f.path.length < o.speed) {
      for (const d of DIRS) {
        const at = neighbour(here, d);
        // the last move must end on a listed placement; earlier ones may pass any hex of the reach
        if (reach.has(key(at)) && (f.path.length + 1 < o.speed || placementAt(at, d))) steps.push(at);
      }
    }
    const placement = placementAt(here, facing);
    this.highlights.push({ at: origin, kind: 'selected' }, ...f.path.map((at) => ({ at, kind: 'path' as const })));
    // On the board, the squadron just placed turns a sixth clockwise per click (or is dragged to face a hex).
    if (start && !f.path.length)
      this.clickable.set(key(origin), () => {
        f.facing = turnCw(f.facing!);
        this.render();
      });
    // A launch shows the squadron where it is placed; a move, where it will stop (its heading is its last step's).
    if (o.mode === 'launch' || f.path.length) this.ghost = { seat, at: here, facing };
    const stepButtons: HTMLElement[] = [];
    for (const at of steps) {
      const step = () => {
        f.path.push(at);
        this.render();
      };
      this.highlights.push({ at, kind: 'move' });
      this.clickable.set(key(at), step);
      const d = directionTo(here, at);
      if (d !== null && d !== undefined)
        stepButtons.push(
          h(
            'button.small',
            { 'aria-label': `Move ${d}`, ...this.pointsAt(at), onclick: step },
            dirArrow(d, this.flipped),
            ` ${d}`,
          ),
        );
    }
    const confirm = (e: SquadronEnd) =>
      this.send({
        kind: 'fighter',
        answer:
          o.mode === 'launch'
            ? { kind: 'launch', squadron: o.squadron, at: start!.at, facing: start!.facing, path: f.path, end: e }
            : { kind: 'activate', squadron: o.squadron, path: f.path, end: e },
      });
    const facingPicker =
      o.mode === 'launch' && f.path.length === 0
        ? h(
            'div.row',
            { role: 'group', 'aria-label': 'Facing' },
            h(
              'span.dim',
              { title: 'On the board: drag from the squadron towards a hex, or click it to turn it' },
              'Facing:',
            ),
            DIRS.map((d) =>
              h(
                'button.small',
                {
                  'aria-pressed': f.facing === d ? 'true' : 'false',
                  'aria-label': `Face ${d}`,
                  onclick: () => {
                    f.facing = d;
                    this.render();
                  },
                },
                dirArrow(d, this.flipped),
                ` ${d}`,
              ),
            ),
          )
        : null;
    const ends: HTMLElement[] = placement
      ? [
          h(
            'button.primary',
            { id: 'fighter-confirm', onclick: () => confirm({ kind: 'none' }) },
            f.path.length ? 'Confirm move' : 'Confirm (no move)',
          ),
        ]
      : [h('span.dim', null, 'A squadron may not end its move on another token: move on.')];
    if (placement?.recall)
      ends.push(h('button', { id: 'fighter-recall', onclick: () => confirm({ kind: 'recall' }) }, 'Recall'));
    const actions = placement?.actions ?? [];
    const weapon = squadronCard(sq.card).weapon.kind;
    for (const a of actions) {
      if (a.kind !== 'action') continue;
      if (!a.target)
        ends.push(
          h(
            'button',
            { id: weapon === 'torpedo' ? 'fighter-torpedo' : 'fighter-laser', onclick: () => confirm(a) },
            weapon === 'torpedo' ? 'Fire torpedo' : 'Fire laser',
          ),
        );
      else if (weapon === 'mark' && a.target.kind === 'section')
        ends.push(h('button', { onclick: () => confirm(a) }, `Mark ${this.names[a.target.seat]}'s warship`));
    }
    const aimed = weapon === 'direct' ? actions.filter((a) => a.kind === 'action' && a.target) : [];
    const attack = aimed.length ? this.squadronTargets(seat, o, here, facing, aimed, confirm) : null;
    return [
      h(
        'p',
        { style: { margin: 0 } },
        `Squadron ${o.squadron + 1}: ${f.path.length}/${o.speed} moves, facing `,
        dirArrow(facing, this.flipped),
        ` ${facing}. `,
        steps.length ? 'Click a green hex to move, or confirm.' : 'No more moves: confirm.',
      ),
      facingPicker,
      stepButtons.length
        ? h('div.row', { role: 'group', 'aria-label': 'Move one hex' }, h('span.dim', null, 'Move:'), stepButtons)
        : null,
      h(
        'div.row',
        null,
        back,
        f.path.length
          ? h(
              'button.small',
              {
                onclick: () => {
                  f.path.pop();
                  this.render();
                },
              },
              'Undo step',
            )
          : null,
      ),
      attack,
      h('div.row', null, ends),
    ].filter(Boolean) as HTMLElement[];
  }

  /** The listed attacks at a placement, with their odds (a turret weapon lists each setting that reaches). */
  private squadronTargets(
    seat: 0 | 1,
    o: SquadronOption,
    at: Hex,
    facing: Dir,
    aimed: SquadronEnd[],
    confirm: (e: SquadronEnd) => void,
  ): HTMLElement {
    const same = (x: Target, y: Target) => JSON.stringify(x) === JSON.stringify(y);
    const odds = (turret?: SquadronEnd & { kind: 'action' }) =>
      squadronEndOptions(this.state, seat, o.squadron, at, facing, turret?.turret).targets;
    const opts: TargetOption[] = [];
    for (const a of aimed) {
      if (a.kind !== 'action' || !a.target || opts.some((x) => same(x.target, a.target!))) continue;
      const listed = odds(a).find((x) => same(x.target, a.target!));
      opts.push(listed ?? { target: a.target, distance: 0 });
    }
    const pick = (t: Target) => {
      const a = aimed.find((x) => x.kind === 'action' && x.target && same(x.target, t));
      if (a) confirm(a);
    };
    return this.targets(opts, pick, 'Move, then attack (spends a munition):');
  }

  private choose(o: SquadronOption): void {
    this.fighter = { option: o, path: [] };
    this.render();
  }

  destroy(): void {
    clearInterval(this.timer);
    setHighlights(this.board, []);
    setTokenGhost(this.board, null);
    this.el.remove();
  }
}
