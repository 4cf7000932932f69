// The replay viewer: step forward and back by round and by event through a stored match, an opened record file, or
// the offline demo round (replay-data.ts re-runs it with the engine). Autoplay (replay-autoplay.ts) plays it at the
// board's animation speed.
import type { MatchEvent } from '@star-eater/engine';
import { modelFromMatch } from '../board/model.js';
import { failureCard, h, replace, toast } from '../ui/dom.js';
import type { App } from './app-context.js';
import { MatchView } from './match-view.js';
import { demoReplay, modelAt, replayFromRecord, type ReplayData } from './replay-data.js';
import { Autoplay } from './replay-autoplay.js';

/** Where the viewer stands in the flattened events, and how it moves: exact jumps, animated steps forward. */
class ReplayViewer {
  readonly events: MatchEvent[];
  /** The index of each round's first event. */
  readonly starts: number[] = [];
  /** Events applied. */
  pos = 0;
  readonly posLabel = h('span.dim', { id: 'replay-pos', 'aria-live': 'polite' });
  readonly auto: Autoplay;

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

  label(): void {
    const p = Math.min(this.pos, this.events.length - 1);
    const r = Math.max(
      0,
      this.starts.findLastIndex((s) => s <= p && s < this.events.length),
    );
    this.posLabel.textContent = `Round ${r + 1}/${this.data.rounds.length} · event ${this.pos}/${this.events.length}`;
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

/** Builds the viewer on the match view: the bar with the position and the controls, the side panel. */
function showReplay(data: ReplayData, id: string): ReplayViewer {
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
  replace(
    view.panel,
    h(
      'section.card',
      null,
      h('h3', null, 'Replay'),
      h('div', null, `${data.names[0]} vs ${data.names[1]}`),
      data.seed
        ? h('div.mono.dim', null, `seed ${data.seed}`)
        : h('div.dim', null, 'Offline demo round, played by the rules engine.'),
    ),
  );
  return v;
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
  const r = await fetch(`/api/records/${encodeURIComponent(id)}`);
  if (!r.ok) throw new Error(`the server has no replay ${id} (${r.status})`);
  return replayFromRecord(await r.json());
}

export function mountReplay(root: HTMLElement, app: App, o: { id: string }): () => void {
  let view: MatchView | null = null;
  let alive = true;
  const status = h('div.screen', null, h('div.center.card', null, h('span.spinner'), ' Loading the replay…'));
  replace(root, status);
  load(app, o.id)
    .then(async (data) => {
      if (!alive) return;
      const v = showReplay(data, o.id);
      view = v.view;
      replace(root, view.root);
      await view.init();
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
