// What a player (or spectator) is told when the server ends the room's connection: a server restart (4001), a kick
// for flooding (4029), a failed reconnection (4003), an error on the server (4002) or anything else. The words are
// chosen from the close code alone (closeNotice, pure and tested); closedView shows them with the way out.
import { GONE_CLOSE } from '../net/resume.js';
import { h } from '../ui/dom.js';

/** Close codes the match server and the Colyseus SDK use (CloseCode in @colyseus/shared-types, plus the room's own). */
export const CLOSE = {
  consented: 4000,
  serverShutdown: 4001,
  withError: 4002,
  failedToReconnect: 4003,
  flooding: 4029,
  /** Your reconnection token took this seat to a newer connection (another tab or device): server
   * seats/seat-takeover.ts. */
  seatMoved: 4409,
  /** The page's own: the room is gone for good (the server's MATCH_GONE), found on a reload or while reconnecting. */
  gone: GONE_CLOSE,
} as const;

export interface CloseContext {
  /** The room's phase when the connection ended ('waiting', 'factions', 'draft', 'commit', 'resolving', 'finished'). */
  phase: string;
  spectator: boolean;
}

export interface CloseNotice {
  title: string;
  text: string;
  /** Whether taking the seat back (or watching again) may work: the room can still be there. */
  canRejoin: boolean;
}

export function closeNotice(code: number, reason: string | undefined, ctx: CloseContext): CloseNotice {
  const over = ctx.phase === 'finished';
  if (code === CLOSE.gone) {
    return {
      title: 'This match has closed',
      text: over
        ? 'The match is over and its room has closed. Its result is saved: find it under Replays in the lobby.'
        : 'This match is no longer on the server: its room closed once everyone had left, or when nobody came back to a seat in time. Finished matches are under Replays in the lobby.',
      canRejoin: false,
    };
  }
  if (code === CLOSE.serverShutdown && ctx.phase === 'waiting' && !ctx.spectator) {
    // A draining server closes rooms still waiting for an opponent: no match had started, so nothing was lost.
    return {
      title: 'The server is restarting',
      text: 'No opponent had joined yet. Go back to the lobby and ask again: you will be matched on a server that is up.',
      canRejoin: false,
    };
  }
  if (code === CLOSE.serverShutdown) {
    return {
      title: over ? 'The server is restarting' : 'This match could not continue',
      text: over
        ? 'The server is restarting. This match had already ended; its result is saved.'
        : ctx.spectator
          ? 'The server is restarting — the match you were watching could not continue and counts for nobody.'
          : 'The server is restarting — this match could not continue and counts for nobody.',
      canRejoin: false,
    };
  }
  if (code === CLOSE.flooding) {
    return {
      title: 'Disconnected by the server',
      text: `The server disconnected you for sending too many messages.${ctx.spectator || over ? '' : ' Your seat is held for a while: rejoin to take it back.'}`,
      canRejoin: !over,
    };
  }
  if (code === CLOSE.seatMoved) {
    return {
      title: 'Your seat moved',
      // The newer connection was given a new token: this page's is spent, so it cannot take the seat back.
      text: 'This seat is now played from another tab or device (it came back with this seat). Carry on there.',
      canRejoin: false,
    };
  }
  if (code === CLOSE.failedToReconnect) {
    return {
      title: 'Connection lost',
      text:
        ctx.spectator || over
          ? 'The connection was lost and could not be restored.'
          : 'The connection was lost and could not be restored. If your seat is still held, rejoining takes it back.',
      canRejoin: !over,
    };
  }
  if (code === CLOSE.withError) {
    return {
      title: 'Connection closed',
      text: 'The server closed the connection after an error on its side.',
      canRejoin: !over,
    };
  }
  if (code === CLOSE.consented || code === 1000) {
    return { title: 'The match room has closed', text: 'The server closed this match room.', canRejoin: false };
  }
  const why = reason ? `: ${reason}` : '';
  return {
    title: 'Connection closed',
    text: `The connection to the match ended unexpectedly (code ${code}${why}).`,
    canRejoin: !over,
  };
}

/** A way on from a closed room besides the lobby (a practice match: play the computer again). */
export interface NextStep {
  label: string;
  run: () => void;
}

/** The notice with its buttons: back to the lobby, rejoin when it may work, and a next step when there is one. */
export function closedView(
  n: CloseNotice,
  o: { onLobby: () => void; onRejoin: () => void; next?: NextStep | null },
): HTMLElement {
  return h(
    'div.screen',
    { id: 'connection-closed' },
    h(
      'div.center.card.col',
      { role: 'alert', style: { maxWidth: '560px' } },
      h('h2', { style: { margin: 0 } }, n.title),
      h('p', { id: 'closed-message', style: { margin: 0 } }, n.text),
      h(
        'div.row',
        null,
        o.next ? h('button.primary', { id: 'closed-next', onclick: o.next.run }, o.next.label) : null,
        h(o.next ? 'button' : 'button.primary', { id: 'closed-lobby', onclick: o.onLobby }, 'Back to the lobby'),
        n.canRejoin ? h('button', { id: 'closed-rejoin', onclick: o.onRejoin }, 'Rejoin') : null,
      ),
    ),
  );
}
