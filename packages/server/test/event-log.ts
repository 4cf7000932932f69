// The events a client was shown of one match, rebuilt from what it received: live `events` messages (a slice of a
// round at `from`) and catch-ups (`round-so-far`: the last completed round and the current one from their start).
// A message that repeats events already received must repeat them exactly; a message that starts past what was
// received is a gap. Both throw, naming the round: a client would have shown a wrong or incomplete match.
import type { MatchEvent } from '@star-eater/engine';
import type { ServerMessages } from '@star-eater/protocol';

type Received = { type: string; msg: unknown };

/** Every event of one match in order, as received (by messages in arrival order); throws on a gap or a conflict. */
export function eventsShown(messages: readonly Received[], who = 'client'): MatchEvent[] {
  const rounds = new Map<number, MatchEvent[]>();
  const take = (round: number, from: number, events: readonly MatchEvent[], what: string) => {
    const have = rounds.get(round) ?? [];
    if (from > have.length) {
      throw new Error(`${who}: round ${round}: ${what} starts at event ${from} but only ${have.length} were received`);
    }
    events.forEach((e, i) => {
      const at = from + i;
      if (at < have.length) {
        if (JSON.stringify(have[at]) !== JSON.stringify(e))
          throw new Error(`${who}: round ${round}: event ${at} received twice, differently (${what})`);
      } else have.push(e);
    });
    rounds.set(round, have);
  };
  for (const m of messages) {
    if (m.type === 'events') {
      const e = m.msg as ServerMessages['events'];
      take(e.round, e.from, e.events, 'an events message');
    } else if (m.type === 'round-so-far') {
      const r = m.msg as ServerMessages['round-so-far'];
      if (r.previous) take(r.previous.round, 0, r.previous.events, 'a catch-up of the previous round');
      take(r.round, 0, r.events, 'a catch-up');
    }
  }
  const order = [...rounds.keys()].sort((x, y) => x - y);
  order.forEach((r, i) => {
    if (i > 0 && r !== order[i - 1]! + 1) throw new Error(`${who}: no event of round ${order[i - 1]! + 1} received`);
  });
  return order.flatMap((r) => rounds.get(r)!);
}
