// A match room, from joining to the end: it routes the synced state and the server's messages to the screen of the
// room's phase — waiting with the invite link (waiting.ts), faction choice and draft (pre-match.ts), the match with its
// panels and end screen (live-match.ts) — under the banners for spectating, reconnecting and the opponent's absence.
// Players and spectators share it; spectators get no action panels.
import type { ServerMessages } from '@star-eater/protocol';
import type { App } from './app-context.js';
export type { RoomRoute } from './join.js';
import { missedLine, onEvents, onRoundSoFar, type Shown } from '../net/catch-up.js';
import { publicStateFromRoom } from '@star-eater/protocol';
import type { RoomState } from '../net/room-state.js';
import { matchGone } from '../net/resume.js';
import { inviteLink, storedToken, type Practice, type Session, type SessionListener } from '../net/session.js';
import { modelFromMatch } from '../board/model.js';
import { h, replace, toast } from '../ui/dom.js';
import { askName, nameGiven } from './ask-name.js';
import { Banners } from './banners.js';
import { soundToggle } from './emote-bar.js';
import { PRESET_LABEL } from './preset-picker.js';
import { CLOSE, closedView, closeNotice, type NextStep } from './closed.js';
import { joinFailedView, joiningView, joinRoom, type RoomRoute } from './join.js';
import { LiveMatch } from './live-match.js';
import { PreMatchScreen } from './pre-match.js';
import { announceTimedOut, TimeWarning } from './time-warning.js';
import { tickWaiting, waitingView } from './waiting.js';

const DRAFT_TYPES = new Set(['faction', 'pick', 'swap', 'munitions']);

class RoomScreen {
  private readonly s: Session;
  readonly banners: Banners;
  private readonly body = h('div', { style: { flex: '1', minHeight: '0', display: 'flex', flexDirection: 'column' } });
  private readonly preMatch: PreMatchScreen;
  private readonly match: LiveMatch;
  private lastPhase = '';
  /** Quick match's offer to play the computer, while it stands (declined: gone, and not made again). */
  private offer: ServerMessages['computer-offer'] | null = null;
  private declined = false;
  // The creator's invite comes in the welcome, which may have arrived before this screen mounted (the lobby creates
  // the room, then routes here): taken from the session too. It is put into the address, so a reload keeps it.
  private invite: string | undefined;
  // What this page has shown of the event stream (net/catch-up.ts), and the events played strictly in arrival order:
  // the first message to arrive may still be building the board (LiveMatch.ensure) when the next one comes.
  private shown: Shown | null = null;
  private playing: Promise<void> = Promise.resolve();
  private readonly mountedAt = Date.now();
  /** The top bar's sound toggle, and what the bar shows (rebuilt only when that changes: focus stays put). */
  private readonly sound = soundToggle();
  private statusKey = '';
  /** The last `animated` sent: round and event count. */
  private acked = '';
  private readonly warning = new TimeWarning();
  alive = true;

  constructor(
    root: HTMLElement,
    private readonly app: App,
    private readonly route: RoomRoute,
  ) {
    this.s = app.session;
    this.banners = new Banners(this.s);
    this.preMatch = new PreMatchScreen(this.body, this.s);
    this.match = new LiveMatch(this.body, app);
    this.match.onIdle = () => this.ackAnimated();
    replace(root, this.banners.el, this.body);
    this.invite = route.invite ?? (this.s.room?.roomId === route.roomId ? this.s.welcome?.invite : undefined);
  }

  /** The name an invitee gave becomes their player's (the server seats a signed-in player under its stored name). */
  private async keepName(name: string): Promise<void> {
    const id = this.app.identity;
    await id.start(name);
    if (!id.player || id.player.name === name) return;
    await id.rename(name).catch((e: Error) => toast(`Your name could not be kept: ${e.message}`, 'error'));
  }

  async start(): Promise<void> {
    // An invitee who never gave a name is asked for one first.
    const r = this.route;
    const ask = !r.spectate && !!r.invite && !nameGiven() && !storedToken(r.roomId) && this.s.room?.roomId !== r.roomId;
    if (ask) await this.keepName(await askName(this.body));
    if (!this.alive) return;
    replace(this.body, joiningView());
    if (this.invite) this.keepInvite(this.invite);
    joinRoom(this.s, this.route, this.app.name)
      .then(() => {
        this.refresh();
        this.restoreEnd();
      })
      .catch((e: Error) => {
        if (!this.alive) return;
        // Gone for good (a reload long after the end, or after the seat was given up): said at once, with a way on.
        if (matchGone(e)) this.showNotice(CLOSE.gone);
        else replace(this.body, joinFailedView(e));
      });
  }

  /**
   * Back on a finished match still joined (from its replay): the `ended` heard before this screen mounted is not sent
   * again, so the end screen (result, summary, rematch) is rebuilt from the one the session kept.
   */
  private restoreEnd(): void {
    const ended = this.s.lastEnded;
    if (!ended || this.s.state?.phase !== 'finished') return;
    this.match.end(ended);
    this.inOrder(() => this.match.endReady());
  }

  refresh(): void {
    if (this.s.state) void this.onState(this.s.state);
  }

  keepInvite(v: string): void {
    const changed = v !== this.invite;
    this.invite = v;
    if (!this.route.spectate && !location.hash.includes('invite='))
      history.replaceState(null, '', inviteLink(this.route.roomId, v));
    if (changed && this.lastPhase === 'waiting') replace(this.body, this.waitingView());
  }

  /** Runs fn after everything received before it has been played, once the board exists. */
  inOrder(fn: () => void | Promise<void>): void {
    this.playing = this.playing
      .then(async () => {
        if (this.s.state) await this.match.ensure(this.s.state);
        if (this.alive) await fn();
      })
      .catch((e: unknown) => console.error(e));
  }

  private waitingView(): HTMLElement {
    return waitingView({
      roomId: this.route.roomId,
      invite: this.invite,
      private: !!this.invite || !!this.s.state?.settings?.private,
      onCancel: () => this.app.go('#/'),
      offer: this.offer,
      declined: this.declined,
      onOffer: {
        accept: (level) => this.s.send('play-computer', { level }),
        decline: () => {
          this.s.send('decline-computer', {});
          this.offer = null;
          this.declined = true;
          this.showWaiting();
        },
      },
    });
  }

  /** Redraws the waiting screen if it is the one shown (the offer came or went). */
  private showWaiting(): void {
    if (this.lastPhase === 'waiting') replace(this.body, this.waitingView());
  }

  renderBanner(st: RoomState | null): void {
    this.banners.render(st);
    const hash = st?.seedHash;
    const preset = st?.settings?.preset;
    const key = `${hash}|${preset}`;
    if (key === this.statusKey) return;
    this.statusKey = key;
    const title = 'SHA-256 of the match seed, published at the start';
    const t = st?.settings;
    replace(
      this.app.status,
      preset && t
        ? h(
            'span.preset-tag',
            {
              id: 'preset-tag',
              title: `Timers: ${t.commitSeconds} s orders, ${t.promptSeconds} s prompts, ${t.draftSeconds} s draft picks`,
            },
            `${PRESET_LABEL[preset] ?? preset} timers`,
          )
        : null,
      this.sound.el,
      hash ? h('span.dim.mono.seed-hash', { title }, `seed hash ${hash.slice(0, 12)}…`) : null,
    );
  }

  /**
   * Tells the room this page has shown the events it received (the next timer starts after the animation).
   * Players only: the room does not wait for spectators.
   */
  ackAnimated(): void {
    const sh = this.shown;
    if (this.s.seat === null || !sh || sh.count === 0 || this.match.board?.player.queue.busy) return;
    const key = `${sh.match}:${sh.round}:${sh.count}`;
    if (key === this.acked) return;
    this.acked = key;
    this.s.send('animated', { round: sh.round, events: sh.count });
  }

  async onState(st: RoomState): Promise<void> {
    if (!this.alive) return;
    this.renderBanner(st);
    const phase = st.phase;
    if (phase === 'waiting') {
      if (this.lastPhase !== 'waiting') replace(this.body, this.waitingView());
    } else if (phase === 'factions' || phase === 'draft') {
      this.match.destroy();
      this.preMatch.render(st);
    } else await this.match.update(st);
    this.lastPhase = phase;
  }

  /** The server ended the connection: say why (restart, flooding, …) instead of leaving a stuck screen. */
  showClosed(): void {
    const c = this.s.closed;
    if (this.alive && c) this.showNotice(c.code, c.reason);
  }

  private showNotice(code: number, reason?: string): void {
    const spectator = this.route.spectate || this.s.welcome?.role === 'spectator';
    const n = closeNotice(code, reason, { phase: this.lastPhase, spectator });
    if (this.lastPhase === 'finished' && this.match.board) {
      // The end screen stays (the final position, the replay); only a rematch is gone with the room.
      document.getElementById('rematch')?.remove();
      replace(this.banners.el, h('div.banner.closed', { id: 'closed-banner', role: 'status' }, n.text));
      return;
    }
    this.match.destroy();
    const next = spectator ? null : practiceAgain(this.app, this.s.practiceOf(this.route.roomId));
    replace(
      this.body,
      closedView(n, { onLobby: () => this.app.go('#/'), onRejoin: () => this.app.go(location.hash), next }),
    );
  }

  /** Plays what this page has not shown of a catch-up (a drop, a reload, a late join) and settles the board. */
  private roundSoFar(m: Parameters<typeof onRoundSoFar>[2]): void {
    const plan = onRoundSoFar(this.shown, this.s.state?.matchNo ?? 0, m);
    this.shown = plan.shown;
    this.inOrder(() => {
      const view = this.match.board;
      if (!view) return;
      if (plan.missed) view.log(missedLine(plan.missed), true);
      view.play(plan.play);
      view.player.skip();
      const ms = this.s.state && publicStateFromRoom(this.s.state);
      if (ms) view.settle(modelFromMatch(ms));
      this.ackAnimated();
    });
  }

  listener(): SessionListener {
    const match = this.match;
    return {
      state: (st) => void this.onState(st),
      connection: (c) => {
        this.renderBanner(this.s.state);
        if (c === 'closed') this.showClosed();
      },
      message: {
        welcome: (w) => {
          if (w.invite) this.keepInvite(w.invite);
          this.refresh();
        },
        receipt: (m) => match.receipt(m),
        'receipts-revealed': (m) => match.receiptsRevealed(m),
        events: (m) => {
          match.receiptEvents(m.round, m.events);
          const plan = onEvents(this.shown, this.s.state?.matchNo ?? 0, m);
          this.shown = plan.shown;
          if (plan.play.length) match.shownAll = false;
          this.inOrder(() => {
            if (plan.play.length) match.showBoard();
            match.board?.play(plan.play);
            this.ackAnimated();
          });
        },
        emote: (m) => match.emote(m),
        faction: (m) => this.preMatch.sealedFaction(m.faction, this.s.state),
        'computer-offer': (m) => {
          this.offer = m;
          this.showWaiting();
        },
        'round-so-far': (m) => {
          match.receiptEvents(m.round, m.events);
          if (m.previous) match.receiptEvents(m.previous.round, m.previous.events);
          this.roundSoFar(m);
        },
        commitment: (m) => match.restoreCommitment(m),
        prompt: (m) => this.inOrder(() => match.prompt(m)),
        'prompt-closed': (m) => this.inOrder(() => match.promptClosed(m.id)),
        'timed-out': (m) => {
          // At once, and in the log (where the default's result follows): never a silent pass.
          const text = announceTimedOut(m.step, match.nothingInReach);
          this.inOrder(() => match.board?.log(text));
        },
        ended: (m) => {
          // Closed now (a concession ends an open prompt at once) and after the queue (a prompt still queued); the end
          // bar shows once the events before it have played.
          match.end(m);
          this.inOrder(() => match.endReady());
        },
        rated: (m) => match.rated(m),
        error: (e) => {
          // A seat that moved is told so by the closed screen that follows (closed.ts), once.
          if (e.code !== 'replaced') toast(e.message, 'error');
          // Only a refused draft choice redraws the draft (a refused emote mid-match once brought the draft back).
          if (DRAFT_TYPES.has(e.type)) this.preMatch.refused();
        },
      },
    };
  }

  /** Clocks and countdowns, twice a second. */
  tick(): void {
    this.banners.tick();
    tickWaiting(this.mountedAt);
    const st = this.s.state;
    if (!st) return;
    this.warning.update(st, this.s.seat);
    this.preMatch.tick(st);
    this.match.tick(st);
  }

  destroy(): void {
    this.alive = false;
    this.sound.destroy();
    this.match.destroy();
    this.preMatch.destroy();
  }
}

/** A practice match's way on once its room has closed: another one at the same level and timers. */
function practiceAgain(app: App, p: Practice | null): NextStep | null {
  if (!p) return null;
  return {
    label: `Play the computer again (${p.level})`,
    run: () =>
      void app.session.playComputer(app.name, p.level, p.preset ? { preset: p.preset } : {}).then(
        () => app.go(`#/m/${app.session.room!.roomId}`),
        (e: Error) => toast(`Could not start a match against the computer: ${e.message}`, 'error'),
      ),
  };
}

export function mountRoom(root: HTMLElement, app: App, route: RoomRoute): () => void {
  const room = new RoomScreen(root, app, route);
  const unlisten = app.session.listen(room.listener());
  void room.start();
  const ticker = setInterval(() => room.tick(), 500);
  return () => {
    clearInterval(ticker);
    unlisten();
    room.destroy();
  };
}
