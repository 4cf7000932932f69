// What each logged input does to a room (input-log.ts): the same function applies it live, once it is in the log,
// and replayed, when restore.ts rebuilds the room — so a restored room is exactly the room that was lost.
import type { Client } from '@colyseus/core';
import type { Seat } from '@star-eater/engine';
import type { ParsedMessages, ServerMessages } from '@star-eater/protocol';
import type { Input } from './input-log.js';
import type { MatchSecrets, Outcome } from '../match/match.js';
import { fail, OK } from '../match/match-host.js';
import type { RoomParts } from '../room/room-parts.js';

/** Applies one input; a `msg` returns the outcome its client is told (a refusal changes nothing). */
export function applyInput(t: RoomParts, input: Input, client: Client | null): Outcome | undefined {
  switch (input.k) {
    case 'seat':
      return void t.seats.take(input, client);
    case 'token':
      return void t.seats.back(input, client);
    case 'computer':
      return void t.computer.sit(input.seat, input.level, input.name);
    case 'offer':
      return void t.computer.offer(input.seat);
    case 'start':
      t.seats.budget.reset();
      return void t.guard('start', () => t.match.start(names(t), secretsOf(input)));
    case 'msg':
      return dispatch(t, input.seat, input);
    case 'timer':
      return void t.guard('timer', () => t.timers.fire(input.id));
    case 'drop':
      t.seats.hold(input.seat, t.replaying);
      return void t.changed();
    case 'leave':
      return void t.seats.free(input.seat);
    case 'resume':
      // RULES §7 timers: the downtime is nobody's; every deadline and held seat moves on by it.
      t.timers.shift(input.shift);
      t.seats.budget.shift(input.shift);
      if (t.state.deadline) t.state.deadline += input.shift;
      return void t.changed();
    default:
      throw new Error(`input log: unknown input ${(input as { k: string }).k}`);
  }
}

const names = (t: RoomParts): [string, string] => [t.state.seats[0]!.name, t.state.seats[1]!.name];

/** The secrets an input starts a match from; a log written before salt keys were drawn keyed its salts by the seed. */
function secretsOf(i: { k: string; seed?: string; saltKey?: string }): MatchSecrets {
  if (!i.seed) throw new Error(`input log: a ${i.k} input that starts a match without its seed`);
  return { seed: i.seed, saltKey: i.saltKey ?? i.seed };
}

function dispatch(t: RoomParts, seat: Seat, p: Input & { k: 'msg' }): Outcome {
  switch (p.type) {
    case 'faction':
      return t.match.chooseFaction(seat, p.value as never);
    case 'pick':
    case 'swap':
    case 'munitions':
      return t.match.draftAction(seat, p.type, p.value as never);
    case 'commit':
      return t.match.commit(seat, p.value as never);
    case 'revise':
      return t.match.revise(seat, p.value as never);
    case 'decide':
      return t.match.decide(seat, p.value as never);
    case 'animated':
      return t.match.animated(seat, p.value as never);
    case 'emote':
      return t.emotes.send(seat, (p.value as ServerMessages['emote']).emote);
    case 'concede':
      return t.match.concede(seat);
    case 'rematch':
      return rematch(t, seat, p);
    case 'play-computer':
      return t.computer.accept(seat, (p.value as ParsedMessages['play-computer']).level);
    case 'decline-computer':
      return t.computer.decline(seat);
  }
  return fail('illegal', `${p.type}: not a message of a seat`);
}

/** Both seats asked for a rematch: a new match, from the secrets the second request brought (RULES §7). */
function rematch(t: RoomParts, seat: Seat, input: Input & { k: 'msg' }): Outcome {
  if (t.state.phase !== 'finished') return fail('wrong-phase', 'rematch: the match is not over');
  t.state.seats[seat]!.rematch = true;
  t.computer.agreeRematch();
  if (t.state.seats.every((s) => s.taken && s.connected && s.rematch)) {
    t.seats.budget.reset();
    t.match.start(names(t), secretsOf(input), t.match.previousWinner());
  }
  return OK;
}
