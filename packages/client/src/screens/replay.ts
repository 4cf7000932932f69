// The replay viewer: step forward and back by round and by event through a stored match, an opened record file, or
// the offline demo round (replay-data.ts re-runs it with the engine). Autoplay (replay-autoplay.ts) plays it at the
// board's animation speed.
import type { MatchEvent } from '@star-eater/engine';
import { modelFromMatch } from '../board/model.js';
import { setGhost } from '../board/state.js';
import { fetchRecord } from '../net/records.js';
import { failureCard, h, replace, toast } from '../ui/dom.js';
import type { App } from './app-context.js';
import { playerLink } from './player-link.js';
import { MatchView } from './match-view.js';
import { demoReplay, modelAt, replayFromRecord, type ReplayData } from './replay-data.js';
import { Autoplay } from './replay-autoplay.js';
import { timeline, type Timeline } from '../review/replay-timeline.js';

/** Where the viewer stands in the flattened events, and how it moves: exact jumps, animated steps forward. */
class ReplayViewer {
  readonly events: MatchEvent[];
  /** The index of each round's first event. */
  readonly starts: number[] = [];
  /** Events applied. */
  pos = 0;
  readonly posLabel = h('span.dim', { id: 'replay-pos', 'aria-live': 'polite' });
  readonly auto: Autoplay;
  readonly timeline: Timeline;
  /** The round a what-if branch was opened at, and the way back from it to the replay's panel. */
  branchFrom = 0;
  closeBranch: () => void = () => {};

  constructor(
    readonly data: ReplayData,
    readonly view: MatchView,
  ) {
    this.events = data.rounds.flat();
    let n = 0;
    for (const r of data.rounds) {
      this.starts.push(n);
      n += r.length;
    }
    this.timeline = timeline(data.rounds, data.names, (k) => {
      this.auto.stop();
      this.jump(this.starts[k] ?? this.events.length);
    });
    this.auto = new Autoplay({
      step: () => {
        if (this.pos >= this.events.length) return false;
        this.forward(this.pos + 1);
        return true;
      },
      idle: () => view.idle(),
      atEnd: () => this.pos >= this.events.length,
    });
  }

  /** The round the viewer stands in (0-based). */
  round(): number {
    const p = Math.min(this.pos, this.events.length - 1);
    return Math.max(
      0,
      this.starts.findLastIndex((s) => s <= p && s < this.events.length),
    );
  }

  label(): void {
    const r = this.round();
    this.posLabel.textContent = `Round ${r + 1}/${this.data.rounds.length} · event ${this.pos}/${this.events.length}`;
    this.timeline.show(this.pos >= this.events.length ? this.data.rounds.length : r);
  }

  jump(to: number): void {
    this.pos = Math.max(0, Math.min(this.events.length, to));
    // Rebuild the log up to this point too, so stepping back shows the same log as stepping forward did.
    const lines: [string, boolean][] = [];
    const model = modelAt(this.data, this.events, this.pos, (line, e) =>
      lines.push([line, e.type === 'round-started']),
    );
    this.view.reset(model);
    this.view.clearLog();
    for (const [line, round] of lines) this.view.log(line, round);
    this.label();
  }

  forward(to: number): void {
    const end = Math.min(this.events.length, to);
    this.view.player.skip();
    this.view.play(this.events.slice(this.pos, end));
    this.pos = end;
    // At a round's end the board settles on the engine's state there (exact panels).
    const k = [...this.starts, this.events.length].indexOf(this.pos);
    const at = k > 0 ? this.data.states?.[k] : undefined;
    if (at) this.view.settle(modelFromMatch(at));
    this.label();
  }

  /** The controls: start, rounds, events, play/pause, end. A click stops autoplay first. */
  toolbar(): HTMLElement {
    const manual = (fn: () => void) => () => {
      this.auto.stop();
      fn();
    };
    const nextRound = () => this.starts.find((s) => s > this.pos) ?? this.events.length;
    const prevRound = () => [...this.starts].reverse().find((s) => s < this.pos) ?? 0;
    const btn = (id: string, text: string, aria: string, fn: () => void) =>
      h('button.small', { id, 'aria-label': aria, title: aria, onclick: manual(fn) }, text);
    return h(
      'div.replay-nav',
      { role: 'toolbar', 'aria-label': 'Replay controls (arrow keys: event, Page Up/Down: round)' },
      btn('replay-start', '|◀', 'Back to the start', () => this.jump(0)),
      btn('replay-prev-round', '« Round', 'Previous round', () => this.jump(prevRound())),
      btn('replay-prev', '‹ Event', 'Previous event', () => this.jump(this.pos - 1)),
      this.auto.button,
      btn('replay-next', 'Event ›', 'Next event', () => this.forward(this.pos + 1)),
      btn('replay-next-round', 'Round »', 'Next round', () => this.forward(nextRound())),
      btn('replay-end', '▶|', 'To the end', () => this.jump(this.events.length)),
    );
  }
}

function downloadButton(record: unknown, id: string): HTMLElement {
  const save = () => {
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
    h('a', { href: URL.createObjectURL(blob), download: `star-eater-${id}.json` }).click();
  };
  return h('button.small', { onclick: save }, 'Download record');
}

/** The replay's own side panel: who played, the seed, the rounds, and the way into a what-if branch. */
function replayPanel(v: ReplayViewer, openWhatIf: (() => void) | null): HTMLElement {
  const { data } = v;
  return h(
    'section.card',
    null,
    h('h3', null, 'Replay'),
    h(
      'div',
      { id: 'replay-players' },
      playerLink(data.names[0], data.playerIds?.[0]),
      ' vs ',
      playerLink(data.names[1], data.playerIds?.[1]),
    ),
    data.seed
      ? h('div.mono.dim', null, `seed ${data.seed}`)
      : h('div.dim', null, 'Offline demo round, played by the rules engine.'),
    h('label.col.small', null, 'Round', v.timeline.slider),
    v.timeline.list,
    openWhatIf
      ? h(
          'button',
          { id: 'whatif-open', onclick: openWhatIf, title: 'Play this round again with other orders' },
          'What if… (this round)',
        )
      : null,
  );
}

/** Builds the viewer on the match view: the bar with the position and the controls, the side panel. */
function showReplay(data: ReplayData, id: string, whatIf: string | undefined): ReplayViewer {
  const view = new MatchView({
    names: data.names,
    factions: data.factions,
    you: null,
    model: modelFromMatch(data.initial),
  });
  const v = new ReplayViewer(data, view);
  const download = data.record ? downloadButton(data.record, id) : null;
  replace(
    view.bar,
    h('div.replay-bar', null, h('div.replay-status', null, v.posLabel, h('span.grow'), download), v.toolbar()),
  );
  const rec = data.parsed;
  const showPanel = () =>
    replace(view.panel, replayPanel(v, rec && data.states ? () => void openBranch(v, id, null) : null));
  v.closeBranch = () => {
    history.replaceState(null, '', `#/replay/${encodeURIComponent(id)}`);
    const at = v.branchFrom;
    setGhost(view.board, null);
    showPanel();
    v.jump(v.starts[at] ?? 0);
  };
  showPanel();
  if (whatIf && rec) void openBranch(v, id, whatIf);
  else if (whatIf) toast('This replay has no record to branch from', 'error');
  return v;
}

/** Opens the what-if panel at the viewer's round (or a link's branch); the module loads on demand. */
async function openBranch(v: ReplayViewer, id: string, link: string | null): Promise<void> {
  const rec = v.data.parsed!;
  const { WhatIf } = await import('../review/what-if.js');
  const { parseBranch } = await import('../review/branch-link.js');
  const opened = link ? parseBranch(link, rec, v.data.states!) : null;
  if (opened && !opened.ok) {
    toast(opened.error, 'error');
    replace(v.view.panel, h('p.bad', { id: 'whatif-error', role: 'alert' }, opened.error), v.view.panel.firstChild);
    return;
  }
  const first = opened ? opened.value.spec.round - 1 : Math.min(v.round(), rec.rounds.length - 1);
  v.auto.stop();
  v.branchFrom = first;
  const w = new WhatIf(
    {
      view: v.view,
      record: rec,
      recordId: id,
      names: v.data.names,
      states: v.data.states!,
      rounds: v.data.rounds,
      close: () => v.closeBranch(),
    },
    first,
  );
  replace(v.view.panel, w.mount());
  if (opened) {
    const error = w.replay(opened.value.spec.orders);
    if (error) toast(`This what-if link: ${error}`, 'error');
  } else v.jump(v.starts[first] ?? 0);
}

function onKey(e: KeyboardEvent): void {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === ' ' && !(e.target instanceof HTMLButtonElement)) {
    e.preventDefault();
    (document.getElementById('replay-play') as HTMLButtonElement | null)?.click();
    return;
  }
  const id = {
    ArrowRight: 'replay-next',
    ArrowLeft: 'replay-prev',
    PageDown: 'replay-next-round',
    PageUp: 'replay-prev-round',
  }[e.key];
  if (id) (document.getElementById(id) as HTMLButtonElement | null)?.click();
}

async function load(app: App, id: string): Promise<ReplayData> {
  if (id === 'demo') return demoReplay();
  if (id === 'file') {
    if (!app.pendingRecord) throw new Error('no record file was opened');
    return replayFromRecord(app.pendingRecord);
  }
  return replayFromRecord(await (await fetchRecord(id)).json());
}

export function mountReplay(root: HTMLElement, app: App, o: { id: string; whatIf?: string }): () => void {
  let view: MatchView | null = null;
  let alive = true;
  const status = h('div.screen', null, h('div.center.card', null, h('span.spinner'), ' Loading the replay…'));
  replace(root, status);
  load(app, o.id)
    .then(async (data) => {
      if (!alive) return;
      const v = showReplay(data, o.id, o.whatIf);
      view = v.view;
      replace(root, view.root);
      await view.init();
      if (!alive) return; // left while the board was being made
      v.label();
      window.addEventListener('keydown', onKey);
    })
    .catch((e: Error) => {
      toast(`Replay failed: ${e.message}`, 'error');
      replace(status, failureCard('Cannot open this replay', e.message));
    });
  return () => {
    alive = false;
    window.removeEventListener('keydown', onKey);
    view?.destroy();
  };
}
