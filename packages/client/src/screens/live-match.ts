// The match on the board (RULES §3–4): the shared match view, a player's commit panel and concede button or a
// spectator's status line, decision prompts, the board settling on each synced state, and the end screen over it.
import type { ServerMessages } from '@star-eater/protocol';
import type { PublicState } from '@star-eater/engine';
import type { App } from './app-context.js';
import { modelFromMatch } from '../board/model.js';
import { setGhost, setHighlights } from '../board/state.js';
import { publicStateFromRoom } from '@star-eater/protocol';
import { seatFactions, seatInfo, seatNames, seatPlayerIds, type RoomState } from '../net/room-state.js';
import { h, replace } from '../ui/dom.js';
import type { CommitPanel } from './commit-panel.js';
import type { TrialPanel } from '../review/trial-panel.js';
import { mountSeatControls } from './seat-controls.js';
import { DecisionPanel } from './decision.js';
import { EmoteBar } from './emote-bar.js';
import { endScreen } from './end.js';
import { endRating, fillEndRating } from './end-rating.js';
import { flowMark, MatchCues } from './match-cues.js';
import { matchSummary } from './match-summary.js';
import { MatchView } from './match-view.js';
import { ReceiptBook } from '../net/receipts.js';
import { ReceiptsPanel } from './receipts-panel.js';

const PHASE_TEXT: Record<string, string> = {
  commit: 'players choose their orders',
  resolving: 'resolving',
  finished: 'match over',
};

function spectatorStatus(): HTMLElement {
  // Spectators have no panels to act in: the round and what is happening instead. The clock is the whose-turn line's
  // just above (a second one here said the same seconds, and pushed itself onto a line of its own).
  return h('section.card', { id: 'match-status', 'aria-label': 'Match status' }, h('span#status-text'));
}

export class LiveMatch {
  private view: MatchView | null = null;
  private commit: CommitPanel | null = null;
  /** Trying your orders against a guess, beside them (nothing sent). */
  private trial: TrialPanel | null = null;
  private decision: DecisionPanel | null = null;
  private ended: ServerMessages['ended'] | null = null;
  /** What the match counted for each seat (after `ended`, once the result is stored). */
  private result: ServerMessages['rated'] | null = null;
  /** Every event received before `ended` has played: the end bar may show (animation first). */
  private endPlayed = false;
  /** Our sealed commitment echoed before the commit panel existed (after a reload). */
  private pendingCommitment: ServerMessages['commitment'] | null = null;
  // The round whose commitment window the panel last showed. (Not the state's round: it can change in a patch still
  // in the resolving phase, and the new window would then keep last round's cards, cooldowns or not.)
  private lastCommitRound = -1;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private emotes: EmoteBar | null = null;
  /** Whose turn, sounds, and the page's record of the flow (match-cues.ts). */
  private readonly cues = new MatchCues();
  private lastState: RoomState | null = null;
  /** Commit receipts heard so far (from before the board exists too), and their panel once it does. */
  private readonly receipts = new ReceiptBook();
  private receiptsPanel: ReceiptsPanel | null = null;
  private lights = '';
  private wasAnimating = false;

  constructor(
    private readonly body: HTMLElement,
    private readonly app: App,
  ) {}

  private get s() {
    return this.app.session;
  }

  /** The board has been built (the match has begun and we know our seat). */
  get board(): MatchView | null {
    return this.view;
  }

  /** Builds the board and our panels the first time the synced state has a board and the welcome said our seat. */
  async ensure(st: RoomState): Promise<void> {
    // Not before the welcome: it says which seat we hold (after a reload the state can arrive first, and a view built
    // then would be a spectator's: no "(you)", the board not turned for seat 1). The welcome handler comes back here.
    // Checked before the board is read: every patch and every message comes through here once the view exists.
    if (!this.s.welcome || this.view) return;
    const ms = publicStateFromRoom(st);
    if (!ms) return;
    const you = this.s.seat;
    const view = new MatchView({
      names: seatNames(st),
      factions: seatFactions(st),
      you,
      model: modelFromMatch(ms),
      onHexClick: (hx) => this.decision?.click(hx),
      onHexDrag: (from, to) => this.decision?.drag(from, to),
      dragsFrom: (hx) => this.decision?.draggable(hx) ?? false,
    });
    this.view = view;
    replace(this.body, view.root);
    await view.init();
    if (this.view !== view) return; // the match was left while its board was being made
    view.player.onIdleHook = () => this.afterAnimation();
    view.player.onEventHook = (e) => this.cues.event(e);
    view.onFlip = () => {
      if (this.commit && !this.commit.el.hidden) this.commit.render();
      this.decision?.render();
    };
    this.emotes = new EmoteBar({
      you,
      names: () => seatNames(this.s.state ?? st),
      send: (emote) => this.s.send('emote', { emote }),
      log: (line) => view.log(line),
    });
    view.root.querySelector('.board-wrap')?.append(this.emotes.bubble);
    view.root.querySelector('.side-scroll')?.prepend(this.cues.el);
    this.receiptsPanel = new ReceiptsPanel(this.receipts, you, () => seatNames(this.s.state ?? st));
    this.showReceipts();
    if (you === null) {
      view.panel.append(spectatorStatus(), this.emotes.el);
      return;
    }
    const round = () => this.s.state?.round ?? 1;
    const seat = mountSeatControls(view, you, this.emotes, {
      lock: (c) => {
        this.cues.sound('lock');
        this.s.send('commit', { round: round(), commitment: c });
      },
      revise: () => this.s.send('revise', { round: round() }),
      concede: () => this.s.send('concede', {}),
      names: () => seatNames(this.s.state ?? st),
      factions: () => seatFactions(this.s.state ?? st),
    });
    this.commit = seat.commit;
    this.trial = seat.trial;
    if (this.pendingCommitment) this.commit.restore(this.pendingCommitment.commitment, this.pendingCommitment.lockedIn);
    this.pendingCommitment = null;
  }

  /** Commit receipts: a hash at a lock-in, the salts at a reveal, the commitments in the round's events. */
  receipt(m: ServerMessages['receipt']): void {
    this.receipts.receipt(m);
    this.showReceipts();
  }

  receiptsRevealed(m: ServerMessages['receipts-revealed']): void {
    this.receipts.revealed(m);
    this.showReceipts();
  }

  receiptEvents(round: number, events: Parameters<ReceiptBook['events']>[1]): void {
    this.receipts.events(round, events);
    this.showReceipts();
  }

  private showReceipts(): void {
    const panel = this.receiptsPanel;
    if (!panel) return;
    panel.render(this.s.state);
    // Above the log's scroll box, in the log card: never over a line of the log (a sticky header inside the box once
    // covered the line scrolled under it), and nothing more taken from a side panel that must fit 1280×800.
    panel.pinAbove(this.view?.root.querySelector('#log'));
  }

  /** An emote from anyone in the room (ours echoed too). */
  emote(m: ServerMessages['emote']): void {
    this.emotes?.receive(m);
  }

  /**
   * The animations have all played (animation first): the room may start the next timer now, and the
   * commitment window (its momentum preview from the position after the round) shows.
   */
  private afterAnimation(): void {
    flowMark('animation-done');
    this.shownAll = true;
    this.onIdle?.();
    if (this.lastState) void this.update(this.lastState);
  }

  /** Set by the room: the page has shown everything it received (it sends `animated`). */
  onIdle: (() => void) | null = null;
  /**
   * This page has played every event it received. The synced state comes before the events it follows (patch, then
   * `events`): while the room says the clients are animating and this page has not caught up, the window waits.
   */
  shownAll = true;

  /** A synced state of the match phases (commit, resolving, finished). */
  async update(st: RoomState): Promise<void> {
    await this.ensure(st);
    const view = this.view;
    if (!view) return;
    // The synced state is one object, changed in place: the panel says what it last drew.
    if (!this.receiptsPanel?.shows(st)) this.showReceipts();
    this.lastState = st;
    // The room starts waiting for the animations in the patch before the events come: the window waits from then.
    if (st.animating && !this.wasAnimating) this.shownAll = false;
    this.wasAnimating = !!st.animating;
    this.showClocks(st);
    view.setNames(seatNames(st), seatFactions(st));
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    // Locked-in lights belong to the commitment window; after the end they would read "thinking".
    view.locked = st.phase === 'finished' ? null : [seats[0]!.lockedIn, seats[1]!.lockedIn];
    view.connected = [seats[0]!.connected, seats[1]!.connected];
    // The lights change without a board change (a lock-in, the end): the cards show them at once.
    const lights = JSON.stringify([view.locked, view.connected]);
    if (lights !== this.lights) {
      this.lights = lights;
      if (!view.player.queue.busy) view.refreshHud();
    }
    const ms = publicStateFromRoom(st);
    if (ms) this.showWindow(st, ms);
    const finished = st.phase === 'finished';
    if (finished) {
      // The match is over: no momentum ghost, weapon arcs or concede button left from the last commitment window.
      setGhost(view.board, null);
      setHighlights(view.board, []);
      if (this.ended && this.endPlayed) this.showEnd(st, ms, view);
    } else document.getElementById('end-overlay')?.remove();
    document.getElementById('concede')?.toggleAttribute('hidden', finished);
  }

  /** The board settles on the synced position; the commit panel shows in the commitment window only. */
  private showWindow(st: RoomState, ms: PublicState): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.view?.settle(modelFromMatch(ms)), 120);
    const me = this.s.seat;
    // While the round still animates, the next window waits: its preview would start from where the ships end up.
    const animating = !!this.view?.player.queue.busy || (!!st.animating && !this.shownAll);
    if (this.commit && me !== null) {
      const open = st.phase === 'commit' && !animating;
      this.trial?.show(open);
      if (open) {
        this.trial?.update(ms, st.round !== this.lastCommitRound);
        const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
        this.commit.update(ms, {
          locked: seats[me]!.lockedIn,
          opponentLocked: seats[me === 0 ? 1 : 0]!.lockedIn,
          deadline: st.deadline,
          newRound: st.round !== this.lastCommitRound,
        });
        this.lastCommitRound = st.round;
      }
      this.commit.setShown(open);
    }
    if (this.decision) {
      this.decision.el.hidden = st.phase !== 'resolving';
    }
  }

  /** Our own sealed commitment, echoed after a reload: it is this round's, so kept (no new-round reset). */
  restoreCommitment(m: ServerMessages['commitment']): void {
    this.lastCommitRound = m.round;
    if (this.commit) this.commit.restore(m.commitment, m.lockedIn);
    else this.pendingCommitment = m;
  }

  /** A decision prompt for us: shown once the events before it have played (animation first). */
  async prompt(m: ServerMessages['prompt']): Promise<void> {
    await this.view?.idle();
    const st = this.s.state;
    const ms = st && publicStateFromRoom(st);
    if (!this.view || !st || !ms) return;
    this.closeDecision();
    this.decision = new DecisionPanel(this.view.board, seatNames(st), m.id, m.prompt, ms, (d) =>
      this.s.send('decide', { prompt: m.id, decision: d }),
    );
    this.view.panel.prepend(this.decision.el);
    this.showClocks(st);
    this.showBoard();
    flowMark('prompt-shown');
  }

  /** Brings the board into view on a phone (MatchView.showBoard): a round plays or a prompt asks for a hex. */
  showBoard(): void {
    this.view?.showBoard();
  }

  /** The open prompt is a shot with nothing to roll against in reach (time-warning.ts words its time-out so). */
  get nothingInReach(): boolean {
    return this.decision?.nothingInReach ?? false;
  }

  promptClosed(id: number): void {
    if (this.decision?.id === id) this.closeDecision();
  }

  /** The match ended (the end screen shows with the finished state, once the last round has played: endReady). */
  end(m: ServerMessages['ended']): void {
    this.ended = m;
    this.result = null;
    this.endPlayed = false;
    this.closeDecision();
  }

  /** What the match counted for: your seat's line on the end screen (there already, or when it shows). */
  rated(m: ServerMessages['rated']): void {
    this.result = m;
    const el = document.getElementById('end-rating');
    const you = this.s.seat;
    if (el && you !== null) fillEndRating(el, m.seats[you]);
  }

  /**
   * Called in arrival order after `ended`: once what came before it has played, the end bar shows over the final
   * position. (It once showed mid-animation: the ship cards read structure 1/10 beside "warship destroyed".)
   */
  async endReady(): Promise<void> {
    this.closeDecision();
    await this.view?.idle();
    if (!this.ended) return;
    this.endPlayed = true;
    if (this.s.state) await this.update(this.s.state);
  }

  closeDecision(): void {
    this.decision?.destroy();
    this.decision = null;
  }

  private showEnd(st: RoomState, ms: PublicState | null, view: MatchView): void {
    const ended = this.ended;
    if (!ended) return;
    // The cards read the final position (a destroyed warship: structure 0) when the end shows, not 120 ms later.
    if (ms) view.settle(modelFromMatch(ms));
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    const you = this.s.seat;
    const them = you === null ? null : seats[you === 0 ? 1 : 0]!;
    const el = endScreen(
      {
        winner: ended.winner,
        reason: ended.reason,
        seed: ended.seed || st.seed,
        publishedHash: st.seedHash,
        recordId: ended.recordId || st.recordId || null,
        names: seatNames(st),
        playerIds: seatPlayerIds(st),
        you,
        rematch: [seats[0]!.rematch, seats[1]!.rematch],
        ...(them ? { opponent: !them.taken ? 'left' : them.connected ? 'here' : 'away' } : {}),
      },
      { onRematch: () => this.s.send('rematch', {}), onLobby: () => this.app.go('#/') },
    );
    const recordId = ended.recordId || st.recordId;
    // The summary counts from the stored record once; a rematch flag changing keeps it.
    const summary =
      document.getElementById('summary-box') ?? (recordId ? matchSummary(recordId, seatNames(st), this.s.seat) : null);
    if (summary) el.append(summary);
    // Your rating's move (players only: a spectator's page has none of its own to show), kept across redraws.
    const rating = document.getElementById('end-rating') ?? (you !== null ? endRating() : null);
    if (rating) {
      if (this.result && you !== null) fillEndRating(rating, this.result.seats[you]);
      el.querySelector('.end-head')?.append(rating);
    }
    // In the flow above the board (which shrinks to fit): the final position stays visible, nothing covers it.
    const overlay = document.getElementById('end-overlay') ?? h('div#end-overlay');
    replace(overlay, el);
    if (!overlay.isConnected) view.root.querySelector('.board-wrap')?.prepend(overlay);
  }

  /**
   * Whose turn with its timer, and the open prompt's and the lock-in bar's countdowns showing the very seconds that line
   * shows: all set in one task, so that no paint between two timers' ticks shows the clocks apart.
   */
  private showClocks(st: RoomState): void {
    const seconds = this.cues.update(st, this.s.seat, seatNames(st));
    this.decision?.showClock(seconds);
    this.commit?.showCountdown(seconds);
  }

  /** The clocks, and the spectator's status line (called twice a second). */
  tick(st: RoomState): void {
    this.showClocks(st);
    const t = document.getElementById('status-text');
    if (t) t.textContent = `Round ${st.round} · ${PHASE_TEXT[st.phase] ?? st.phase}`;
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    // Before a (re)match's board: its rounds count from 1 again.
    this.receipts.reset();
    this.receiptsPanel = null;
    this.emotes?.destroy();
    this.emotes = null;
    this.lastState = null;
    this.ended = null;
    this.result = null;
    this.endPlayed = false;
    this.commit?.destroy();
    this.closeDecision();
    this.view?.destroy();
    this.commit = null;
    this.view = null;
  }
}
