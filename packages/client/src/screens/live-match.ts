// The match on the board (RULES §3–4): the shared match view, a player's commit panel and concede button or a
// spectator's status line, decision prompts, the board settling on each synced state, and the end screen over it.
import type { ServerMessages } from '@star-eater/protocol';
import type { MatchState } from '@star-eater/engine';
import type { App } from '../app.js';
import { modelFromMatch } from '../board/model.js';
import { setGhost, setHighlights } from '../board/state.js';
import { matchStateFromRoom, seatFactions, seatInfo, seatNames, type RoomState } from '../net/room-state.js';
import { h, replace, secondsLeft } from '../ui/dom.js';
import { CommitPanel } from './commit-panel.js';
import { DecisionPanel } from './decision.js';
import { endScreen } from './end.js';
import { MatchView } from './match-view.js';

const PHASE_TEXT: Record<string, string> = {
  commit: 'players choose their orders',
  resolving: 'resolving',
  finished: 'match over',
};

function spectatorStatus(): HTMLElement {
  // Spectators have no panels to act in: the round, what is happening and the clock instead.
  return h(
    'section.card.row',
    { id: 'match-status', 'aria-label': 'Match status' },
    h('span#status-text'),
    h('span.grow'),
    h('span#status-clock.countdown'),
  );
}

export class LiveMatch {
  private view: MatchView | null = null;
  private commit: CommitPanel | null = null;
  private decision: DecisionPanel | null = null;
  private ended: ServerMessages['ended'] | null = null;
  /** Our sealed commitment echoed before the commit panel existed (after a reload). */
  private pendingCommitment: ServerMessages['commitment'] | null = null;
  // The round whose commitment window the panel last showed. (Not the state's round: it can change in a patch still
  // in the resolving phase, and the new window would then keep last round's cards, cooldowns or not.)
  private lastCommitRound = -1;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;

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
    const ms = matchStateFromRoom(st);
    // Not before the welcome: it says which seat we hold (after a reload the state can arrive first, and a view built
    // then would be a spectator's: no "(you)", the board not turned for seat 1). The welcome handler comes back here.
    if (!ms || !this.s.welcome || this.view) return;
    const you = this.s.seat;
    const view = new MatchView({
      names: seatNames(st),
      factions: seatFactions(st),
      you,
      model: modelFromMatch(ms),
      onHexClick: (hx) => this.decision?.click(hx),
    });
    this.view = view;
    replace(this.body, view.root);
    await view.init();
    if (you === null) {
      view.panel.append(spectatorStatus());
      return;
    }
    const round = () => this.s.state?.round ?? 1;
    this.commit = new CommitPanel(you, view.board, {
      lock: (c) => this.s.send('commit', { round: round(), commitment: c }),
      revise: () => this.s.send('revise', { round: round() }),
    });
    if (this.pendingCommitment) this.commit.restore(this.pendingCommitment.commitment, this.pendingCommitment.lockedIn);
    this.pendingCommitment = null;
    view.bar.append(this.commit.bar);
    view.panel.append(this.commit.el);
    const concede = () => confirm('Concede this match?') && this.s.send('concede', {});
    view.panel.append(h('button.danger.small', { id: 'concede', onclick: concede }, 'Concede'));
  }

  /** A synced state of the match phases (commit, resolving, finished). */
  async update(st: RoomState): Promise<void> {
    await this.ensure(st);
    const view = this.view;
    if (!view) return;
    view.setNames(seatNames(st), seatFactions(st));
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    // Locked-in lights belong to the commitment window; after the end they would read "thinking".
    view.locked = st.phase === 'finished' ? null : [seats[0]!.lockedIn, seats[1]!.lockedIn];
    view.connected = [seats[0]!.connected, seats[1]!.connected];
    const ms = matchStateFromRoom(st);
    if (ms) this.showWindow(st, ms);
    const finished = st.phase === 'finished';
    if (finished) {
      // The match is over: no momentum ghost, weapon arcs or concede button left from the last commitment window.
      setGhost(view.board, null);
      setHighlights(view.board, []);
      if (this.ended) this.showEnd(st);
    } else document.getElementById('end-overlay')?.remove();
    document.getElementById('concede')?.toggleAttribute('hidden', finished);
  }

  /** The board settles on the synced position; the commit panel shows in the commitment window only. */
  private showWindow(st: RoomState, ms: MatchState): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.view?.settle(modelFromMatch(ms)), 120);
    const me = this.s.seat;
    if (this.commit && me !== null) {
      this.commit.el.hidden = this.commit.bar.hidden = st.phase !== 'commit';
      if (st.phase === 'commit') {
        const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
        this.commit.update(ms, {
          locked: seats[me]!.lockedIn,
          opponentLocked: seats[me === 0 ? 1 : 0]!.lockedIn,
          deadline: st.deadline,
          newRound: st.round !== this.lastCommitRound,
        });
        this.lastCommitRound = st.round;
      }
    }
    if (this.decision) this.decision.el.hidden = st.phase !== 'resolving';
  }

  /** Our own sealed commitment, echoed after a reload: it is this round's, so kept (no new-round reset). */
  restoreCommitment(m: ServerMessages['commitment']): void {
    this.lastCommitRound = m.round;
    if (this.commit) this.commit.restore(m.commitment, m.lockedIn);
    else this.pendingCommitment = m;
  }

  /** A decision prompt for us (played after the events it follows, so the skip also ends their animations). */
  prompt(m: ServerMessages['prompt']): void {
    const st = this.s.state;
    const ms = st && matchStateFromRoom(st);
    if (!this.view || !st || !ms) return;
    this.closeDecision();
    this.view.player.skip();
    this.decision = new DecisionPanel(this.view.board, seatNames(st), m.id, m.prompt, m.deadline, ms, (d) =>
      this.s.send('decide', { prompt: m.id, decision: d }),
    );
    this.view.panel.prepend(this.decision.el);
  }

  promptClosed(id: number): void {
    if (this.decision?.id === id) this.closeDecision();
  }

  /** The match ended (the end screen shows with the next synced state). */
  end(m: ServerMessages['ended']): void {
    this.ended = m;
    this.closeDecision();
  }

  closeDecision(): void {
    this.decision?.destroy();
    this.decision = null;
  }

  private showEnd(st: RoomState): void {
    const ended = this.ended;
    if (!ended || !this.view) return;
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    const el = endScreen(
      {
        winner: ended.winner,
        reason: ended.reason,
        seed: ended.seed || st.seed,
        publishedHash: st.seedHash,
        recordId: ended.recordId || st.recordId || null,
        names: seatNames(st),
        you: this.s.seat,
        rematch: [seats[0]!.rematch, seats[1]!.rematch],
      },
      { onRematch: () => this.s.send('rematch', {}), onLobby: () => this.app.go('#/') },
    );
    // In the flow above the board (which shrinks to fit): the final position stays visible, nothing covers it.
    const overlay = document.getElementById('end-overlay') ?? h('div#end-overlay');
    replace(overlay, el);
    if (!overlay.isConnected) this.view.root.querySelector('.board-wrap')?.prepend(overlay);
  }

  /** The spectator's status line and its clock (called twice a second). */
  tick(st: RoomState): void {
    const clock = st.deadline && st.phase !== 'finished' ? `${secondsLeft(st.deadline)}s` : '';
    const c = document.getElementById('status-clock');
    if (c && c.textContent !== clock) c.textContent = clock;
    const t = document.getElementById('status-text');
    if (t) t.textContent = `Round ${st.round} · ${PHASE_TEXT[st.phase] ?? st.phase}`;
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.commit?.destroy();
    this.closeDecision();
    this.view?.destroy();
    this.commit = null;
    this.view = null;
  }
}
