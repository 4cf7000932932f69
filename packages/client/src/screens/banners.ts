// The banners above a match room (RULES §7): our own connection dropping ("reconnecting"), spectating with the viewer
// count, and an absent player's held seat with their remaining reconnection budget, counted down live. The server
// publishes the budget left when the drop began (it changes only when they come back); the countdown runs here.
import type { Session } from '../net/session.js';
import { seatInfo, type RoomState } from '../net/room-state.js';
import { h, icon, replace } from '../ui/dom.js';

export class Banners {
  readonly el = h('div', { id: 'banner', 'aria-live': 'polite' });
  /** Per absent seat: when we saw it drop, and the budget the server gave then. */
  private away = new Map<number, { at: number; left: number }>();
  private key = '';

  constructor(private s: Session) {}

  render(st: RoomState | null): void {
    const me = this.s.welcome?.role === 'player' ? this.s.welcome.seat : null;
    const absent: { seat: number; name: string }[] = [];
    for (const seat of [0, 1]) {
      const info = seatInfo(st?.seats?.[seat]);
      const gone =
        !!st && seat !== me && info.taken && !info.connected && st.phase !== 'finished' && st.phase !== 'waiting';
      if (!gone) {
        this.away.delete(seat);
        continue;
      }
      if (!this.away.has(seat)) this.away.set(seat, { at: Date.now(), left: info.reconnectLeft });
      absent.push({ seat, name: info.name || `Player ${seat + 1}` });
    }
    // Not once the connection has ended (the room screen then says why): nobody is watching any more.
    const spectating = this.s.welcome?.role === 'spectator' && this.s.connection !== 'closed';
    const key = JSON.stringify([
      this.s.connection === 'reconnecting' && (this.s.restarting ? 2 : 1),
      spectating && (st?.spectators ?? 1),
      absent,
    ]);
    if (key !== this.key) {
      this.key = key;
      replace(
        this.el,
        this.s.connection === 'reconnecting'
          ? h(
              'div.banner.reconnecting',
              { id: 'reconnecting', role: 'status' },
              h('span.spinner'),
              this.s.restarting
                ? ' The server is restarting — reconnecting… The match is kept; its timers wait for the server.'
                : this.s.welcome?.role === 'spectator'
                  ? ' Connection lost — reconnecting…'
                  : ' Connection lost — reconnecting… Your seat is held; the timers keep running.',
            )
          : null,
        spectating
          ? h(
              'div.banner.spectating',
              { id: 'spectating' },
              icon('eye'),
              ` Spectating · ${st?.spectators ?? 1} watching`,
            )
          : null,
        absent.map((a) =>
          h(
            'div.banner.opponent-away',
            { id: me === null ? `away-${a.seat}` : 'opponent-away', dataset: { seat: String(a.seat) } },
            `${a.name} disconnected — seat held, `,
            // The number changes every second: not announced each time (the sentence was, once).
            h('b.left', { 'aria-live': 'off' }, `${this.secondsLeft(a.seat)}s`),
            ' of reconnection time left. Their timers keep running.',
          ),
        ),
      );
    }
    this.tick();
  }

  /** Update the countdowns in place (called twice a second). */
  tick(): void {
    for (const el of this.el.querySelectorAll<HTMLElement>('.opponent-away')) {
      const b = el.querySelector('.left');
      const t = `${this.secondsLeft(Number(el.dataset.seat))}s`;
      if (b && b.textContent !== t) b.textContent = t;
    }
  }

  private secondsLeft(seat: number): number {
    const a = this.away.get(seat);
    return a ? Math.max(0, a.left - Math.floor((Date.now() - a.at) / 1000)) : 0;
  }
}
