// What a client has shown of a match's event stream, and what to show of a catch-up (`round-so-far`) after a drop, a
// reload or a late join: only the events it has not played yet, in order. The server keeps just the last completed
// round; a client that was away longer than that says so in its log.
import type { ServerMessages } from '@star-eater/protocol';
import type { MatchEvent } from '@star-eater/engine';

/** The events of `round` shown so far: the first `count` of that round's stream, in match `match` (matchNo). */
export interface Shown {
  match: number;
  round: number;
  count: number;
}

export interface Plan {
  /** The events to play, in order. */
  play: MatchEvent[];
  /** Whole rounds missed that the server no longer has (0 when none). */
  missed: number;
  shown: Shown;
}

/** A live `events` frame: the part not shown yet (a frame is never replayed), and the new position. */
export function onEvents(shown: Shown | null, match: number, m: ServerMessages['events']): Plan {
  const cur = shown && shown.match === match ? shown : null;
  let play = m.events;
  if (cur && cur.round === m.round) play = m.events.slice(Math.max(0, cur.count - m.from));
  else if (cur && cur.round > m.round) play = [];
  const end = m.from + m.events.length;
  const next =
    cur && (cur.round > m.round || (cur.round === m.round && cur.count > end))
      ? cur
      : { match, round: m.round, count: end };
  return { play, missed: 0, shown: next };
}

/** A catch-up: the rest of the last completed round (with a note of older rounds missed), then the current round's. */
export function onRoundSoFar(shown: Shown | null, match: number, m: ServerMessages['round-so-far']): Plan {
  let cur = shown && shown.match === match ? shown : null;
  const play: MatchEvent[] = [];
  let missed = 0;
  const take = (round: number, events: MatchEvent[]) => {
    if (cur && cur.round > round) return;
    const from = cur && cur.round === round ? cur.count : 0;
    if (events.length > from) play.push(...events.slice(from));
    if (!cur || cur.round < round || events.length > cur.count)
      cur = { match, round, count: Math.max(events.length, from) };
  };
  if (m.previous) {
    // A fresh page (reload, late spectator) has shown no round before the one kept.
    const last = cur ? cur.round : 0;
    if (m.previous.round - last > 1) missed = m.previous.round - last - 1;
    take(m.previous.round, m.previous.events);
  }
  take(m.round, m.events);
  return { play, missed, shown: cur ?? { match, round: m.round, count: 0 } };
}

/** The log line for rounds the catch-up cannot show any more. */
export function missedLine(n: number): string {
  return `${n} round${n === 1 ? '' : 's'} missed; the board shows the current position.`;
}
