// The end screen: winner and reason, the revealed seed with its hash checked against the one published at the start,
// rematch, download the record, watch the replay.
import { addressed } from '../animation/grammar.js';
import { seedHash, type Seat } from '@star-eater/engine';
import { fetchRecord } from '../net/records.js';
import { h, toast } from '../ui/dom.js';
import { playerLink } from './player-link.js';

export interface EndInfo {
  winner: Seat | 'draw';
  reason: string;
  seed: string;
  publishedHash: string;
  recordId: string | null;
  names: [string, string];
  /** The seats' player ids (their profiles), null for a guest or the computer. */
  playerIds: [string | null, string | null];
  you: Seat | null;
  rematch: [boolean, boolean];
  /** The opponent's seat after the end (players only): in the room, away (a reload: the seat is held), or left. */
  opponent?: 'here' | 'away' | 'left';
}

const REASON: Record<string, string> = {
  draw: 'both warships destroyed',
  concede: 'concession',
  forfeit: 'forfeit (did not return in time)',
};

export function endScreen(e: EndInfo, o: { onRematch: () => void; onLobby: () => void }): HTMLElement {
  const title =
    e.winner === 'draw'
      ? 'Draw'
      : e.you === null
        ? addressed(`${e.names[e.winner]} wins`)
        : e.winner === e.you
          ? 'Victory'
          : 'Defeat';
  // A bar above the board (the board shrinks to fit under it), so the final position stays in view: the warships are
  // often near the middle of the board at the end, where a centred dialog used to hide them.
  return h(
    'div.end',
    { id: 'end-screen', role: 'region', 'aria-labelledby': 'end-title' },
    h(
      'div.end-head',
      null,
      h('h1#end-title', { class: title === 'Victory' ? 'good' : title === 'Defeat' ? 'bad' : '' }, title),
      h('p', { id: 'end-reason' }, reasonLine(e)),
    ),
    h(
      'div.row.end-actions',
      null,
      rematchButton(e, o.onRematch),
      e.recordId ? downloadButton(e.recordId) : null,
      e.recordId
        ? h(
            'button',
            { id: 'watch-replay', onclick: () => (location.hash = `#/replay/${e.recordId}`) },
            'Watch the replay',
          )
        : null,
      h('button', { onclick: o.onLobby }, 'Lobby'),
    ),
    presenceLine(e),
    seedCheck(e),
  );
}

/** "Download record": the record as a JSON file. While it is fetched the button says so; a failure is named. */
function downloadButton(id: string): HTMLElement {
  const b = h('button', { id: 'download-record', dataset: { record: id } }, 'Download record') as HTMLButtonElement;
  b.onclick = async () => {
    b.disabled = true;
    b.textContent = 'Fetching the record…';
    try {
      const text = await (await fetchRecord(id)).text();
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      h('a', { href: url, download: `star-eater-${id}.json` }).click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      toast(`No download: ${(err as Error).message}`, 'error');
    } finally {
      b.disabled = false;
      b.textContent = 'Download record';
    }
  };
  return b;
}

/** Who won and how (read right for a player named You), each name a link to its player's profile. */
function reasonLine(e: EndInfo): (HTMLElement | string)[] {
  if (e.winner === 'draw') return ['Nobody survives.'];
  const loser: Seat = e.winner === 0 ? 1 : 0;
  const text =
    e.reason === 'destroyed'
      ? addressed(`${e.names[e.winner]} wins: ${e.names[loser]}'s warship is destroyed.`)
      : addressed(`${e.names[e.winner]} wins by ${REASON[e.reason] ?? e.reason}.`);
  return linkNames(
    text,
    [e.winner, loser].map((s) => ({ name: e.names[s], id: e.playerIds[s] })),
  );
}

/** The text with each person's name (its first place after the one before) as a link to their profile. */
function linkNames(text: string, people: { name: string; id: string | null }[]): (HTMLElement | string)[] {
  const out: (HTMLElement | string)[] = [];
  let at = 0;
  for (const p of people) {
    const i = p.name ? text.indexOf(p.name, at) : -1;
    if (i < 0) continue;
    out.push(text.slice(at, i), playerLink(p.name, p.id));
    at = i + p.name.length;
  }
  out.push(text.slice(at));
  return out.filter((x) => x !== '');
}

/** A player's Rematch: asked, to accept, or not possible once the opponent has left (nobody to play it with). */
function rematchButton(e: EndInfo, onRematch: () => void): HTMLElement | null {
  if (e.you === null) return null;
  const asked = e.rematch[e.you];
  return h(
    'button.primary',
    {
      id: 'rematch',
      onclick: onRematch,
      disabled: asked || e.opponent === 'left',
      title: asked ? 'Asked: waiting for the opponent to accept' : '',
    },
    asked ? 'Rematch asked…' : e.rematch[e.you === 0 ? 1 : 0] ? 'Accept rematch' : 'Rematch',
  );
}

/** Where the opponent is after the end, when not simply here: reconnecting (their seat is held), or gone. */
function presenceLine(e: EndInfo): HTMLElement | null {
  if (e.you === null || !e.opponent || e.opponent === 'here') return null;
  const them = e.names[e.you === 0 ? 1 : 0];
  return h(
    'p.dim',
    { id: 'opponent-presence', role: 'status' },
    e.opponent === 'left'
      ? `${them} has left the room: no rematch here.`
      : `${them} is reconnecting: their seat is held for the rematch.`,
  );
}

/** RULES §7 fair dice: the revealed seed's hash against the one published at the start. */
function seedCheck(e: EndInfo): HTMLElement {
  const computed = e.seed ? seedHash(e.seed) : '';
  const ok = !!e.seed && computed === e.publishedHash;
  return h(
    'details.verify',
    { id: 'seed-check' },
    h(
      'summary',
      null,
      h('b', null, 'Fair dice: '),
      ok
        ? h('span.good', null, '✔ seed matches the hash published at the start')
        : h('span.bad', null, '✘ seed does not match the published hash'),
    ),
    h('div.mono.dim', null, `seed ${e.seed || '—'}`),
    h('div.mono.dim', null, `sha-256 ${computed || '—'}`),
    h('div.mono.dim', null, `published ${e.publishedHash || '—'}`),
  );
}
