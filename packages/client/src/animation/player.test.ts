import { describe, expect, it } from 'vitest';
import { modelFromMatch } from '../board/model.js';
import { createBoardState } from '../board/state.js';
import { DEMO_NAMES, demoRound, demoState } from '../fixtures/demo.js';
import { describeEvent } from './describe.js';
import { EventPlayer } from './player.js';

describe('EventPlayer', () => {
  it('writes log lines and reports events in the order the engine emitted them', () => {
    const board = createBoardState(modelFromMatch(demoState()));
    const seen: string[] = [];
    const logged: string[] = [];
    const p = new EventPlayer(board, DEMO_NAMES, { onEvent: (e) => seen.push(e.type), onLog: (l) => logged.push(l) });
    const events = demoRound();
    p.play(events);
    for (let i = 0; i < 2000 && p.queue.busy; i++) p.tick(16);
    expect(seen).toEqual(events.map((e) => e.type));
    expect(logged).toEqual(events.map((e) => describeEvent(e, DEMO_NAMES)).filter((x) => x !== null));
  });

  it('a partly played round skipped to the end leaves the same board as one played through', () => {
    const a = createBoardState(modelFromMatch(demoState()));
    const b = createBoardState(modelFromMatch(demoState()));
    const pa = new EventPlayer(a, DEMO_NAMES);
    const pb = new EventPlayer(b, DEMO_NAMES);
    pa.play(demoRound());
    pb.play(demoRound());
    for (let i = 0; i < 5000 && pa.queue.busy; i++) pa.tick(16);
    pb.tick(700);
    pb.skip();
    expect(b.model).toEqual(a.model);
    // What the events say happened is on the board.
    expect(a.model.ships[0].core).toEqual({ q: 7, r: 5 });
    expect(a.model.ships[1].facing).toBe(4); // the drawing angle in sixths (SW)
    expect(a.model.ships[1].armour.core).toBe(1);
    expect(a.model.tokens.map((t) => t.id).sort()).toEqual(['0:0', '1:0', '1:2', 'p6']);
    expect(a.model.initiative).toBe(1);
    expect(a.model.ships[0].momentum.linear).toEqual(['N', 'N']);
  });

  it('settles on the synced model after the queue runs dry, not before', () => {
    const board = createBoardState(modelFromMatch(demoState()));
    const p = new EventPlayer(board, DEMO_NAMES);
    p.play(demoRound());
    const synced = modelFromMatch(demoState());
    synced.round = 4;
    p.settle(synced);
    p.tick(100);
    expect(board.model.round).toBe(3);
    p.skip();
    expect(board.model).toEqual(synced);
  });
});
