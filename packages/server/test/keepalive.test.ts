// Spread keep-alive pings (src/keepalive.ts): every client is pinged once per interval, a slice at a time,
// and terminated after pingMaxRetries unanswered pings, as with Colyseus' own transport.
import { afterEach, expect, it, vi } from 'vitest';
import { SpreadPingTransport } from '../src/keepalive.js';

afterEach(() => vi.useRealTimers());

it('pings each client once per interval, never all in one tick, and terminates the silent ones', () => {
  vi.useFakeTimers();
  const pings: number[][] = [];
  let tick = 0;
  const clients = Array.from({ length: 100 }, (_, id) => ({
    id,
    pingCount: 0,
    terminated: false,
    answers: id % 10 !== 0, // every tenth client never answers
    ping() {
      const at = pings[tick] ?? [];
      pings[tick] = at;
      at.push(id);
      if (this.answers) this.pingCount = 0; // the pong (ws-transport's heartbeat)
    },
    terminate() {
      this.terminated = true;
    },
  }));
  const t = new SpreadPingTransport({ pingInterval: 1000, pingMaxRetries: 3, noServer: true });
  (t as unknown as { wss: { clients: Set<unknown> } }).wss = { clients: new Set(clients) };
  (t as unknown as { autoTerminateUnresponsiveClients(i: number, r: number): void }).autoTerminateUnresponsiveClients(
    1000,
    3,
  );
  for (tick = 0; tick < 20; tick++) vi.advanceTimersByTime(50);
  // One interval: every client pinged exactly once, at most 5 per tick.
  expect(pings.flat().sort((a, b) => a - b)).toEqual(clients.map((c) => c.id));
  expect(Math.max(...pings.map((p) => p?.length ?? 0))).toBeLessThanOrEqual(5);
  for (; tick < 80; tick++) vi.advanceTimersByTime(50);
  // Three unanswered pings, then terminated at the fourth turn; the others never.
  expect(clients.filter((c) => c.terminated).map((c) => c.id)).toEqual(
    clients.filter((c) => !c.answers).map((c) => c.id),
  );
  clearInterval((t as unknown as { pingInterval: NodeJS.Timeout }).pingInterval);
});
