// A fighter activation on the decision panel (RULES §4.4): choose a squadron → (launch hex and facing) → path hex by
// hex over the squadron's listed reach → end (move only, recall, or a listed action and its target) → confirm; or
// pass. Every hex and action offered is from the prompt's own lists (engine: fighter-options.ts).
import {
  DIRS,
  directionTo,
  neighbour,
  squadronCard,
  squadronEndOptions,
  squadronMoves,
  type Decision,
  type Dir,
  type Hex,
  type PublicState,
  type PlacementOption,
  type Prompt,
  type Seat,
  type SquadronEnd,
  type SquadronMoves,
  type SquadronOption,
  type Target,
  type TargetOption,
} from '@star-eater/engine';
import { cardName, type Names } from '../animation/names.js';
import type { Highlight, TokenGhost } from '../board/state.js';
import { h } from '../ui/dom.js';
import { turnCw } from './facing.js';
import { dirArrow } from './hud.js';
import { launchHexNames } from './launch-names.js';
import { pointVerb } from '../ui/pointer.js';

export const key = (x: Hex): string => `${x.q},${x.r}`;

export type FighterPrompt = Extract<Prompt, { kind: 'fighter' }>;

/** The activation being planned: which squadron, where it launches and faces, the hexes moved so far. */
export interface FighterDraft {
  option: SquadronOption;
  launchAt?: Hex;
  facing?: Dir;
  path: Hex[];
}

/** What the panel lends a fighter body: the position, the board's highlights and clicks, how to redraw and send. */
export interface PanelCtx {
  readonly state: PublicState;
  readonly names: Names;
  readonly flipped: boolean;
  readonly highlights: Highlight[];
  readonly clickable: Map<string, () => void>;
  ghost: TokenGhost | null;
  fighter: FighterDraft | null;
  render(): void;
  send(d: Decision): void;
  /** Handlers that show a hex on the board while a button is pointed at or focused. */
  pointsAt(at: Hex): Record<string, () => void>;
  /** A list of legal targets, each also clickable on the board. */
  targets(opts: TargetOption[], onPick: (t: Target) => void, title: string): HTMLElement;
}

const para = (...text: (string | Node)[]) => h('p', { style: { margin: 0 } }, ...text);

/** No squadron chosen yet: one button per listed squadron (activate or launch), or pass. */
function squadronChoice(c: PanelCtx, p: FighterPrompt, pass: HTMLElement): HTMLElement[] {
  const choose = (o: SquadronOption) => () => {
    c.fighter = { option: o, path: [] };
    c.render();
  };
  const buttons = p.squadrons.map((o) => {
    const sq = c.state.ships[p.seat].squadrons[o.squadron];
    if (o.mode === 'activate' && sq?.at) {
      c.clickable.set(key(sq.at), choose(o));
      c.highlights.push({ at: sq.at, kind: 'selected' });
    }
    return h(
      'button',
      { dataset: { squadron: String(o.squadron), mode: o.mode }, onclick: choose(o) },
      `${o.mode === 'launch' ? 'Launch' : 'Activate'} squadron ${o.squadron + 1} — ${cardName(sq?.card ?? '')} (moves ${o.speed}, munitions ${o.munitions})`,
    );
  });
  return [
    para(
      p.squadrons.some((o) => o.mode === 'activate')
        ? `Fighter phase: activate a squadron (${pointVerb()} it on the board, or choose below), launch one, or pass.`
        : 'Fighter phase: launch a squadron, or pass.',
    ),
    h('div.options', null, buttons),
    pass,
  ];
}

/** A launch: the bay's listed hexes, on the board and as buttons named from the bay. */
function launchPlacement(c: PanelCtx, seat: Seat, f: FighterDraft, back: HTMLElement): HTMLElement[] {
  const ship = c.state.ships[seat];
  const hexes = f.option.launchHexes ?? [];
  const place = (at: Hex) => () => {
    f.launchAt = at;
    f.facing = ship.facing;
    c.render();
  };
  for (const at of hexes) {
    c.highlights.push({ at, kind: 'launch' });
    c.clickable.set(key(at), place(at));
  }
  // The same choice without the board (keyboard, screen reader): one button per launch hex, named from the bay.
  const names = launchHexNames(ship, hexes);
  const order = hexes
    .map((at, i) => ({ at, name: names[i]! }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const buttons = order.map(({ at, name }) =>
    h('button.small', { dataset: { launch: key(at) }, ...c.pointsAt(at), onclick: place(at) }, name),
  );
  return [
    para(`Launch squadron ${f.option.squadron + 1}: ${pointVerb()} a highlighted hex to place it.`),
    h(
      'p.dim',
      { style: { margin: 0, fontSize: '12.5px' } },
      "Or choose one below: 12 o'clock is where your warship points.",
    ),
    h('div.row.launch-hexes', { role: 'group', 'aria-label': 'Launch hexes' }, buttons),
    back,
  ];
}

/** Where the planned squadron stands now: its start, the hex reached, its heading, the listed reach. */
interface Plan {
  seat: Seat;
  f: FighterDraft;
  o: SquadronOption;
  start: { at: Hex; facing: Dir } | undefined;
  card: string;
  origin: Hex;
  here: Hex;
  facing: Dir;
  moves: SquadronMoves;
}

function plan(c: PanelCtx, seat: Seat, f: FighterDraft): Plan {
  const o = f.option;
  const start = o.mode === 'launch' ? { at: f.launchAt!, facing: f.facing! } : undefined;
  const sq = c.state.ships[seat].squadrons[o.squadron]!;
  const origin = start?.at ?? sq.at!;
  const here = f.path.at(-1) ?? origin;
  const prev = f.path.length >= 2 ? f.path.at(-2)! : origin;
  const facing: Dir = f.path.length ? (directionTo(prev, here) ?? 'N') : (start?.facing ?? sq.facing ?? 'N');
  // The prompt lists every legal activation (engine: fighter-options.ts); older servers' prompts are listed here.
  const moves = o.moves ?? squadronMoves(c.state, seat, o);
  return { seat, f, o, start, card: sq.card, origin, here, facing, moves };
}

const placementAt = (m: SquadronMoves, at: Hex, d: Dir): PlacementOption | undefined =>
  m.placements.find((x) => key(m.reach[x.hex]!.at) === key(at) && x.facing === d);

/** The next hexes the squadron may move to, on the board and as buttons. */
function stepChoices(c: PanelCtx, pl: Plan): { steps: Hex[]; buttons: HTMLElement[] } {
  const { f, o, here, moves } = pl;
  const reach = new Set(moves.reach.map((n) => key(n.at)));
  const steps: Hex[] = [];
  if (f.path.length < o.speed) {
    for (const d of DIRS) {
      const at = neighbour(here, d);
      // the last move must end on a listed placement; earlier ones may pass any hex of the reach
      if (reach.has(key(at)) && (f.path.length + 1 < o.speed || placementAt(moves, at, d))) steps.push(at);
    }
  }
  const buttons: HTMLElement[] = [];
  for (const at of steps) {
    const step = () => {
      f.path.push(at);
      c.render();
    };
    c.highlights.push({ at, kind: 'move' });
    c.clickable.set(key(at), step);
    const d = directionTo(here, at);
    if (d !== null && d !== undefined)
      buttons.push(
        h(
          'button.small',
          { 'aria-label': `Move ${d}`, ...c.pointsAt(at), onclick: step },
          dirArrow(d, c.flipped),
          ` ${d}`,
        ),
      );
  }
  return { steps, buttons };
}

/** A launched squadron's heading before it moves: one button per direction. */
function facingPicker(c: PanelCtx, f: FighterDraft): HTMLElement {
  return h(
    'div.row',
    { role: 'group', 'aria-label': 'Facing' },
    h(
      'span.dim',
      { title: `On the board: drag from the squadron towards a hex, or ${pointVerb()} it to turn it` },
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
            c.render();
          },
        },
        dirArrow(d, c.flipped),
        ` ${d}`,
      ),
    ),
  );
}

/** The listed attacks at a placement, with their odds (a turret weapon lists each setting that reaches). */
function squadronTargets(c: PanelCtx, pl: Plan, aimed: SquadronEnd[], confirm: (e: SquadronEnd) => void): HTMLElement {
  const same = (x: Target, y: Target) => JSON.stringify(x) === JSON.stringify(y);
  const odds = (turret?: SquadronEnd & { kind: 'action' }) =>
    squadronEndOptions(c.state, pl.seat, pl.o.squadron, pl.here, pl.facing, turret?.turret).targets;
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
  return c.targets(opts, pick, 'Move, then attack (spends a munition):');
}

/** How the activation may end where the squadron stands: confirm, recall, the squadron's listed actions. */
function endChoices(c: PanelCtx, pl: Plan): { ends: HTMLElement[]; attack: HTMLElement | null } {
  const { f, o, start } = pl;
  const placement = placementAt(pl.moves, pl.here, pl.facing);
  const confirm = (e: SquadronEnd) =>
    c.send({
      kind: 'fighter',
      answer:
        o.mode === 'launch'
          ? { kind: 'launch', squadron: o.squadron, at: start!.at, facing: start!.facing, path: f.path, end: e }
          : { kind: 'activate', squadron: o.squadron, path: f.path, end: e },
    });
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
  const weapon = squadronCard(pl.card).weapon.kind;
  for (const a of actions) {
    if (a.kind !== 'action') continue;
    if (!a.target) {
      const torpedo = weapon === 'torpedo';
      ends.push(
        h(
          'button',
          { id: torpedo ? 'fighter-torpedo' : 'fighter-laser', onclick: () => confirm(a) },
          torpedo ? 'Fire torpedo' : 'Fire laser',
        ),
      );
    } else if (weapon === 'mark' && a.target.kind === 'section')
      ends.push(h('button', { onclick: () => confirm(a) }, `Mark ${c.names[a.target.seat]}'s warship`));
  }
  const aimed = weapon === 'direct' ? actions.filter((a) => a.kind === 'action' && a.target) : [];
  return { ends, attack: aimed.length ? squadronTargets(c, pl, aimed, confirm) : null };
}

/** A squadron placed (or on the board): its moves hex by hex, its facing at a launch, and how it ends. */
function activation(c: PanelCtx, seat: Seat, f: FighterDraft, back: HTMLElement): HTMLElement[] {
  const pl = plan(c, seat, f);
  const { o, start, origin, here, facing } = pl;
  const { steps, buttons } = stepChoices(c, pl);
  c.highlights.push({ at: origin, kind: 'selected' }, ...f.path.map((at) => ({ at, kind: 'path' as const })));
  // On the board, the squadron just placed turns a sixth clockwise per click (or is dragged to face a hex).
  if (start && !f.path.length)
    c.clickable.set(key(origin), () => {
      f.facing = turnCw(f.facing!);
      c.render();
    });
  // A launch shows the squadron where it is placed; a move, where it will stop (its heading is its last step's).
  if (o.mode === 'launch' || f.path.length) c.ghost = { seat, at: here, facing };
  const { ends, attack } = endChoices(c, pl);
  const undo = () => {
    f.path.pop();
    c.render();
  };
  return [
    para(
      `Squadron ${o.squadron + 1}: ${f.path.length}/${o.speed} moves, facing `,
      dirArrow(facing, c.flipped),
      ` ${facing}. `,
      steps.length ? `${pointVerb(true)} a green hex to move, or confirm.` : 'No more moves: confirm.',
    ),
    o.mode === 'launch' && f.path.length === 0 ? facingPicker(c, f) : null,
    buttons.length
      ? h('div.row', { role: 'group', 'aria-label': 'Move one hex' }, h('span.dim', null, 'Move:'), buttons)
      : null,
    h('div.row', null, back, f.path.length ? h('button.small', { onclick: undo }, 'Undo step') : null),
    attack,
    h('div.row', null, ends),
  ].filter((x): x is HTMLElement => x !== null);
}

/** The panel's body for a fighter prompt, at whatever step of the activation the player is. */
export function fighterBody(c: PanelCtx, p: FighterPrompt): HTMLElement[] {
  const pass = h(
    'button',
    { id: 'fighter-pass', onclick: () => c.send({ kind: 'fighter', answer: { kind: 'pass' } }) },
    'Pass (end your fighter phase)',
  );
  const f = c.fighter;
  if (!f) return squadronChoice(c, p, pass);
  const back = h(
    'button.small',
    {
      onclick: () => {
        c.fighter = null;
        c.render();
      },
    },
    '← Other squadron',
  );
  if (f.option.mode === 'launch' && !f.launchAt) return launchPlacement(c, p.seat, f, back);
  return activation(c, p.seat, f, back);
}
