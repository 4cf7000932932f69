// The words shown when the server ends the connection, by close code (4001 restart, 4029 flooding, 4003 failed
// reconnection, 4002 server error, 4000/1000 room closed, anything else with its code).
import { describe, expect, it } from 'vitest';
import { CLOSE, closeNotice } from './closed.js';

const live = { phase: 'commit', spectator: false };

describe('closeNotice', () => {
  it('a restart during a live match: it counts for nobody, no rejoin', () => {
    const n = closeNotice(CLOSE.serverShutdown, undefined, live);
    expect(n.text).toBe('The server is restarting — this match could not continue and counts for nobody.');
    expect(n.canRejoin).toBe(false);
    expect(closeNotice(CLOSE.serverShutdown, undefined, { phase: 'draft', spectator: true }).text).toMatch(
      /you were watching could not continue and counts for nobody/,
    );
  });

  it('a restart (or drain) while still waiting for an opponent: nothing was lost, queue again', () => {
    const n = closeNotice(CLOSE.serverShutdown, undefined, { phase: 'waiting', spectator: false });
    expect(n.title).toBe('The server is restarting');
    expect(n.text).toMatch(/No opponent had joined yet/);
    expect(n.text).not.toMatch(/counts for nobody/);
    expect(n.canRejoin).toBe(false);
  });

  it('a restart after the end: the result is saved', () => {
    expect(closeNotice(CLOSE.serverShutdown, undefined, { phase: 'finished', spectator: false }).text).toMatch(
      /already ended; its result is saved/,
    );
  });

  it('a kick for flooding says so, and a player may rejoin the held seat', () => {
    const n = closeNotice(CLOSE.flooding, 'too many messages', live);
    expect(n.text).toMatch(/too many messages/);
    expect(n.text).toMatch(/seat is held/);
    expect(n.canRejoin).toBe(true);
    expect(closeNotice(CLOSE.flooding, undefined, { phase: 'commit', spectator: true }).text).not.toMatch(/seat/);
  });

  it('a lost connection and a server error are told apart; a closed room offers no rejoin', () => {
    expect(closeNotice(CLOSE.failedToReconnect, undefined, live).title).toBe('Connection lost');
    expect(closeNotice(CLOSE.withError, undefined, live).text).toMatch(/error/);
    expect(closeNotice(CLOSE.consented, undefined, live)).toMatchObject({
      title: 'The match room has closed',
      canRejoin: false,
    });
  });

  it('a seat moved to another tab or device: carry on there, no rejoin (this page holds a spent token)', () => {
    for (const phase of ['waiting', 'commit', 'finished']) {
      const n = closeNotice(CLOSE.seatMoved, 'seat moved to a newer connection', { phase, spectator: false });
      expect(n).toEqual({
        title: 'Your seat moved',
        text: 'This seat is now played from another tab or device (it came back with this seat). Carry on there.',
        canRejoin: false,
      });
    }
  });

  it('any other code is named with its reason, never a blank', () => {
    expect(closeNotice(4999, 'odd', live).text).toBe(
      'The connection to the match ended unexpectedly (code 4999: odd).',
    );
    expect(closeNotice(1011, undefined, live).text).toBe('The connection to the match ended unexpectedly (code 1011).');
  });

  it('a room gone for good (MATCH_GONE): says the match has closed and where its result is, no rejoin', () => {
    const n = closeNotice(CLOSE.gone, undefined, { phase: '', spectator: false });
    expect(n.title).toBe('This match has closed');
    expect(n.text).toMatch(/no longer on the server/);
    expect(n.canRejoin).toBe(false);
    expect(closeNotice(CLOSE.gone, undefined, { phase: 'finished', spectator: false }).text).toMatch(/result is saved/);
  });
});
