// Keep-alive pings for the rooms' clients, spread over the ping interval. Colyseus' WebSocketTransport pings every
// connected client in one synchronous loop each `pingInterval` (a client that misses `pingMaxRetries` pings in a row
// is terminated, and its room sees a drop: RULES §7 reconnection). At 2,000 matches that is 4,000 socket writes in one
// go every 10 s, a 0.3–0.5 s stall of every room on the process: it was the whole p99 of `pnpm bench server` at 2,000
// matches (p99 370–500 ms with the burst, 15 ms without). This transport sweeps the clients instead: every
// pingInterval / SLICES ms it pings the clients of one slice, so each client still gets one ping per interval and is
// terminated after the same number of unanswered pings.
// Use it in place of WebSocketTransport (app.ts): new SpreadPingTransport({ pingInterval, pingMaxRetries }).
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { WebSocket } from 'ws';

const SLICES = 20;
const noop = () => {};

export class SpreadPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    let tick = 0;
    this.pingInterval = setInterval(() => {
      const slice = tick++ % SLICES;
      let i = 0;
      for (const ws of this.wss.clients) {
        if (i++ % SLICES !== slice) continue;
        pingOrTerminate(ws as WebSocket & { pingCount?: number }, pingMaxRetries);
      }
    }, pingInterval / SLICES);
  }
}

/** The transport's own rule, for one client: `pingCount` is reset by each pong (ws-transport's heartbeat). */
export function pingOrTerminate(ws: WebSocket & { pingCount?: number }, pingMaxRetries: number): void {
  if ((ws.pingCount ?? 0) >= pingMaxRetries) return void ws.terminate();
  ws.pingCount = (ws.pingCount ?? 0) + 1;
  ws.ping(noop);
}
