// The replay viewer: step forward and back by round and by event through a stored match, an opened record file, or
// the offline demo round. The record is re-run by the engine's replay (deterministic, the same as the server's);
// each board position is rebuilt from the engine's state at its round's start and that round's events, so stepping
// back is exact. Autoplay (replay-autoplay.ts) plays it at the board's animation speed.
import {
  createMatch,
  parseRecord,
  replayJson,
  replayRecord,
  setupOf,
  type FactionId,
  type MatchRecord,
  type MatchEvent,
  type MatchState,
} from '@star-eater/engine';
import type { App } from './app-context.js';
import { EventPlayer } from '../animation/player.js';
import { modelFromMatch, type BoardModel } from '../board/model.js';
import { createBoardState } from '../board/state.js';
import { DEMO_NAMES, demoRound, demoState } from '../fixtures/demo.js';
import { failureCard, h, replace, toast } from '../ui/dom.js';
import { MatchView } from './match-view.js';
import { Autoplay } from './replay-autoplay.js';

export interface ReplayData {
  names: [string, string];
  factions: [FactionId, FactionId];
  initial: MatchState;
  rounds: MatchEvent[][];
  /** The engine's state after each whole round (states[k]: after k rounds), so the side panels are exact there. */
  states?: MatchState[];
  record?: unknown;
  seed?: string;
}

/**
 * The state after every round of the replay's event list: the record cut after k rounds, re-run (a match is short:
 * the cost is small). A match ended outside a round (a concede in a commitment window) has one more entry in the
 * replay than rounds in the record, its end event: from the last whole round on, the final state.
 */
function roundStates(rec: MatchRecord, replayed: number, initial: MatchState, final: MatchState): MatchState[] {
  const { end: _end, ...open } = rec;
  const states = [initial];
  for (let k = 1; k <= replayed; k++) {
    if (k >= rec.rounds.length) {
      states.push(final);
      continue;
    }
    const r = replayRecord({ ...open, rounds: rec.rounds.slice(0, k) });
    if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
    states.push(r.value.state);
  }
  return states;
}

/** Re-run a record with the engine. */
export async function replayFromRecord(record: unknown): Promise<ReplayData> {
  const parsed = parseRecord(record);
  if (!parsed.ok) throw new Error(`${parsed.error.path}: ${parsed.error.message}`);
  const r = replayJson(record);
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  const rec = parsed.value;
  const initial = createMatch(setupOf(rec));
  return {
    names: [rec.players[0].name, rec.players[1].name],
    factions: [rec.players[0].faction, rec.players[1].faction],
    initial,
    rounds: r.value.rounds,
    states: roundStates(rec, r.value.rounds.length, initial, r.value.state),
    record,
    seed: rec.seed,
  };
}

export function demoReplay(): ReplayData {
  return { names: DEMO_NAMES, factions: ['fpa', 'lamais'], initial: demoState(), rounds: [demoRound()] };
}

/**
 * The board after the first `count` events of the flattened list (headless, instant): from the engine's state at the
 * start of that event's round (issue 12: panels built from the events alone went wrong by the end — squadrons shown
 * in space, ammunition), then that round's events. The log lines are those of every event up to `count`.
 */
export function modelAt(
  data: ReplayData,
  events: readonly MatchEvent[],
  count: number,
  onLog?: (line: string, e: MatchEvent) => void,
): BoardModel {
  if (onLog) {
    const logger = new EventPlayer(createBoardState(modelFromMatch(data.initial)), data.names, { onLog });
    logger.play(events.slice(0, count));
    logger.skip();
  }
  let k = 0;
  let start = 0;
  if (data.states) {
    for (let n = 0, i = 0; i < data.rounds.length && n + data.rounds[i]!.length <= count; i++) {
      n += data.rounds[i]!.length;
      k = i + 1;
      start = n;
    }
  }
  const b = createBoardState(modelFromMatch(data.states?.[k] ?? data.initial));
  const p = new EventPlayer(b, data.names);
  p.play(events.slice(start, count));
  p.skip();
  return b.model;
}

export function mountReplay(root: HTMLElement, app: App, o: { id: string }): () => void {
  let view: MatchView | null = null;
  let alive = true;
  const status = h('div.screen', null, h('div.center.card', null, h('span.spinner'), ' Loading the replay…'));
  replace(root, status);

  async function load(): Promise<ReplayData> {
    if (o.id === 'demo') return demoReplay();
    if (o.id === 'file') {
      if (!app.pendingRecord) throw new Error('no record file was opened');
      return replayFromRecord(app.pendingRecord);
    }
    const r = await fetch(`/api/records/${encodeURIComponent(o.id)}`);
    if (!r.ok) throw new Error(`the server has no replay ${o.id} (${r.status})`);
    return replayFromRecord(await r.json());
  }

  load()
    .then(async (data) => {
      if (!alive) return;
      const events = data.rounds.flat();
      const starts: number[] = [];
      let n = 0;
      for (const r of data.rounds) {
        starts.push(n);
        n += r.length;
      }
      let pos = 0; // events applied
      view = new MatchView({
        names: data.names,
        factions: data.factions,
        you: null,
        model: modelFromMatch(data.initial),
      });
      const posLabel = h('span.dim', { id: 'replay-pos', 'aria-live': 'polite' });
      const roundOf = (p: number) =>
        Math.max(
          0,
          starts.findLastIndex((s) => s <= p && s < events.length),
        );
      const label = () => {
        const r = roundOf(Math.min(pos, events.length - 1));
        posLabel.textContent = `Round ${r + 1}/${data.rounds.length} · event ${pos}/${events.length}`;
      };
      const jump = (to: number) => {
        pos = Math.max(0, Math.min(events.length, to));
        // Rebuild the log up to this point too, so stepping back shows the same log as stepping forward did.
        const lines: [string, boolean][] = [];
        const model = modelAt(data, events, pos, (line, e) => lines.push([line, e.type === 'round-started']));
        view!.reset(model);
        view!.clearLog();
        for (const [line, round] of lines) view!.log(line, round);
        label();
      };
      const forward = (to: number) => {
        to = Math.min(events.length, to);
        view!.player.skip();
        view!.play(events.slice(pos, to));
        pos = to;
        // At a round's end the board settles on the engine's state there (exact panels).
        const k = [...starts, events.length].indexOf(pos);
        const at = k > 0 ? data.states?.[k] : undefined;
        if (at) view!.settle(modelFromMatch(at));
        label();
      };
      const auto = new Autoplay({
        step: () => {
          if (pos >= events.length) return false;
          forward(pos + 1);
          return true;
        },
        idle: () => view!.idle(),
        atEnd: () => pos >= events.length,
      });
      const manual = (fn: () => void) => () => {
        auto.stop();
        fn();
      };
      const nextRoundStart = () => starts.find((s) => s > pos) ?? events.length;
      const prevRoundStart = () => [...starts].reverse().find((s) => s < pos) ?? 0;
      const btn = (id: string, text: string, aria: string, fn: () => void) =>
        h('button.small', { id, 'aria-label': aria, title: aria, onclick: fn }, text);
      const download = data.record
        ? h(
            'button.small',
            {
              onclick: () => {
                const a = h('a', {
                  href: URL.createObjectURL(
                    new Blob([JSON.stringify(data.record, null, 2)], { type: 'application/json' }),
                  ),
                  download: `star-eater-${o.id}.json`,
                });
                a.click();
              },
            },
            'Download record',
          )
        : null;
      replace(
        view.bar,
        h(
          'div.replay-bar',
          null,
          h('div.replay-status', null, posLabel, h('span.grow'), download),
          h(
            'div.replay-nav',
            { role: 'toolbar', 'aria-label': 'Replay controls (arrow keys: event, Page Up/Down: round)' },
            btn(
              'replay-start',
              '|◀',
              'Back to the start',
              manual(() => jump(0)),
            ),
            btn(
              'replay-prev-round',
              '« Round',
              'Previous round',
              manual(() => jump(prevRoundStart())),
            ),
            btn(
              'replay-prev',
              '‹ Event',
              'Previous event',
              manual(() => jump(pos - 1)),
            ),
            auto.button,
            btn(
              'replay-next',
              'Event ›',
              'Next event',
              manual(() => forward(pos + 1)),
            ),
            btn(
              'replay-next-round',
              'Round »',
              'Next round',
              manual(() => forward(nextRoundStart())),
            ),
            btn(
              'replay-end',
              '▶|',
              'To the end',
              manual(() => jump(events.length)),
            ),
          ),
        ),
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
      replace(root, view.root);
      await view.init();
      label();
      window.addEventListener('keydown', onKey);
    })
    .catch((e: Error) => {
      toast(`Replay failed: ${e.message}`, 'error');
      replace(status, failureCard('Cannot open this replay', e.message));
    });

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

  return () => {
    alive = false;
    window.removeEventListener('keydown', onKey);
    view?.destroy();
  };
}
