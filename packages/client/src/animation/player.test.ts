import { describe, expect, it } from 'vitest';
import { modelFromMatch } from '../board/model.js';
import { createBoardState } from '../board/state.js';
import { DEMO_NAMES, demoMatch, demoRound, demoState } from '../fixtures/demo.js';
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
    // The round's last move comes before its weapons phase: every line is worded with the warships where they end.
    const ships = modelFromMatch(demoMatch().after).ships;
    expect(logged).toEqual(events.map((e) => describeEvent(e, DEMO_NAMES, ships)).filter((x) => x !== null));
  });

  it("names an AOE shot's hex from the warship where it stands when it fires, not where it started", () => {
    const board = createBoardState(modelFromMatch(demoState()));
    const logged: string[] = [];
    const p = new EventPlayer(board, DEMO_NAMES, { onLog: (l, e) => e.type === 'aoe-fired' && logged.push(l) });
    p.play(demoRound());
    p.skip();
    const shot = demoRound().find((e) => e.type === 'aoe-fired')!;
    const before = describeEvent(shot, DEMO_NAMES, modelFromMatch(demoState()).ships);
    expect(logged).toEqual([describeEvent(shot, DEMO_NAMES, modelFromMatch(demoMatch().after).ships)]);
    expect(logged[0]).not.toBe(before);
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
    // What the events say happened is on the board: the position the engine reached after the round.
    const after = modelFromMatch(demoMatch().after);
    for (const seat of [0, 1] as const) {
      const [got, want] = [a.model.ships[seat], after.ships[seat]];
      expect(got.core).toEqual(want.core);
      expect(got.facing).toBe(want.facing);
      expect(got.armour).toEqual(want.armour);
      expect(got.structure).toBe(want.structure);
      expect(got.momentum).toEqual(want.momentum);
      expect(got.cooldown).toEqual(want.cooldown);
    }
    expect(a.model.tokens.map((t) => t.id).sort()).toEqual(after.tokens.map((t) => t.id).sort());
    expect(a.model.initiative).toBe(after.initiative);
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
