// What the replay viewer plays: a stored match or an opened record re-run by the engine's replay (deterministic, the
// same as the server's), or the offline demo round; and the board at any event, rebuilt from the engine's state at
// its round's start and that round's events, so stepping back is exact.
import {
  createMatch,
  parseRecord,
  replayRecord,
  setupOf,
  type FactionId,
  type MatchRecord,
  type MatchEvent,
  type MatchState,
  type ReplayResult,
} from '@star-eater/engine';
import { EventPlayer } from '../animation/player.js';
import { modelFromMatch, type BoardModel } from '../board/model.js';
import { createBoardState } from '../board/state.js';
import { DEMO_NAMES, demoRound, demoState } from '../fixtures/demo.js';

export interface ReplayData {
  names: [string, string];
  /** The seats' players (their profiles) when the record names them. */
  playerIds?: [string | null, string | null];
  factions: [FactionId, FactionId];
  initial: MatchState;
  rounds: MatchEvent[][];
  /** The engine's state after each whole round (states[k]: after k rounds), so the side panels are exact there. */
  states?: MatchState[];
  record?: unknown;
  /** The record as the engine parsed it (a stored match or an opened file; not the demo). */
  parsed?: MatchRecord;
  seed?: string;
}

/**
 * The state after every round of the replay's event list: the state at the start of each next recorded round, as the
 * replay reached it. A match ended outside a round (a concede in a commitment window) has one more entry in the
 * replay than rounds in the record, its end event: from the last whole round on, the final state.
 */
function roundStates(r: ReplayResult, initial: MatchState): MatchState[] {
  return [initial, ...r.rounds.map((_, k) => r.starts[k + 1] ?? r.state)];
}

/** Re-run a record with the engine. */
export async function replayFromRecord(record: unknown): Promise<ReplayData> {
  const parsed = parseRecord(record);
  if (!parsed.ok) throw new Error(`${parsed.error.path}: ${parsed.error.message}`);
  const rec = parsed.value;
  const r = replayRecord(rec);
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  const initial = createMatch(setupOf(rec));
  return {
    names: [rec.players[0].name, rec.players[1].name],
    playerIds: [rec.players[0].playerId ?? null, rec.players[1].playerId ?? null],
    factions: [rec.players[0].faction, rec.players[1].faction],
    initial,
    rounds: r.value.rounds,
    states: roundStates(r.value, initial),
    record,
    parsed: rec,
    seed: rec.seed,
  };
}

export function demoReplay(): ReplayData {
  const initial = demoState();
  const factions: [FactionId, FactionId] = [initial.ships[0].faction, initial.ships[1].faction];
  return { names: DEMO_NAMES, factions, initial, rounds: [demoRound()] };
}

/**
 * The board after the first `count` events of the flattened list (headless, instant): from the engine's state at the
 * start of that event's round (panels built from the events alone go wrong by the end — squadrons shown in space,
 * ammunition), then that round's events. The log lines are those of every event up to `count`.
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
