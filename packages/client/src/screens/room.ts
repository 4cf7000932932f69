// A match room, from joining to the end: waiting with the invite link, faction choice, draft, the match (commit panel,
// decisions, animated events), the end screen; banners for spectating, reconnecting and the opponent's absence.
// Players and spectators share it; spectators get no action panels.
import type { ServerMessages } from '@star-eater/protocol';
import type { FactionId, Seat } from '@star-eater/engine/types';
import type { App } from '../app.js';
import { modelFromMatch } from '../board/model.js';
import { setGhost, setHighlights } from '../board/state.js';
import { matchStateFromRoom, seatInfo, type RoomState } from '../net/room-state.js';
import { missedLine, onEvents, onRoundSoFar, type Shown } from '../net/catch-up.js';
import { inviteLink, storedToken } from '../net/session.js';
import { h, replace, secondsLeft, toast } from '../ui/dom.js';
import { Banners } from './banners.js';
import { closedView, closeNotice } from './closed.js';
import { CommitPanel } from './commit-panel.js';
import { offerView } from './computer.js';
import { DecisionPanel } from './decision.js';
import { draftActions, factionView, picksView } from './draft.js';
import { endScreen } from './end.js';
import { MatchView } from './match-view.js';

export interface RoomRoute {
  roomId: string;
  invite?: string | undefined;
  spectate: boolean;
}

export function mountRoom(root: HTMLElement, app: App, route: RoomRoute): () => void {
  const s = app.session;
  const banners = new Banners(s);
  const body = h('div', { style: { flex: '1', minHeight: '0', display: 'flex', flexDirection: 'column' } });
  replace(root, banners.el, body);
  let view: MatchView | null = null;
  let commit: CommitPanel | null = null;
  let decision: DecisionPanel | null = null;
  let ended: ServerMessages['ended'] | null = null;
  /** Quick match's offer to play the computer, while it stands (declined: null, and not made again). */
  let offer: ServerMessages['computer-offer'] | null = null;
  let declined = false;
  // The round whose commitment window the panel last showed. (Not lastRound: the round number can change in a patch
  // still in the resolving phase, and the new window would then keep last round's cards, cooldowns or not.)
  let lastCommitRound = -1;
  let pendingCommitment: ServerMessages['commitment'] | null = null;
  let lastPhase = '';
  // The creator's invite comes in the welcome, which may have arrived before this screen mounted (the lobby creates
  // the room, then routes here): take it from the session too. It is put into the address, so a reload keeps it.
  let invite = route.invite ?? (s.room?.roomId === route.roomId ? s.welcome?.invite : undefined);
  const keepInvite = (v: string): void => {
    const changed = v !== invite;
    invite = v;
    if (!route.spectate && !location.hash.includes('invite='))
      history.replaceState(null, '', inviteLink(route.roomId, v));
    if (changed && lastPhase === 'waiting') replace(body, waitingView());
  };
  // What this page has shown of the event stream (net/catch-up.ts), and the events played strictly in arrival order:
  // the first message to arrive may still be building the board (ensureMatch) when the next one comes.
  let shown: Shown | null = null;
  let playing: Promise<void> = Promise.resolve();
  const inOrder = (fn: () => void): void => {
    playing = playing
      .then(async () => {
        if (s.state) await ensureMatch(s.state);
        if (alive) fn();
      })
      .catch((e: unknown) => console.error(e));
  };
  const draftSel = { squadrons: [] as string[], munitions: [] as number[], pending: false };
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  let alive = true;

  const you = (): Seat | null => (s.welcome?.role === 'player' ? (s.welcome.seat as Seat) : null);
  const names = (st: RoomState): [string, string] => [
    seatInfo(st.seats[0]).name || 'Player 1',
    seatInfo(st.seats[1]).name || 'Player 2',
  ];
  const factions = (st: RoomState): [FactionId, FactionId] => [
    (seatInfo(st.seats[0]).faction || 'fpa') as FactionId,
    (seatInfo(st.seats[1]).faction || 'lamais') as FactionId,
  ];

  function renderBanner(st: RoomState | null): void {
    banners.render(st);
    replace(
      app.status,
      st && st.seedHash
        ? h(
            'span.dim.mono',
            { title: 'SHA-256 of the match seed, published at the start' },
            `seed hash ${st.seedHash.slice(0, 12)}…`,
          )
        : null,
    );
  }

  function waitingView(): HTMLElement {
    const link = inviteLink(route.roomId, invite);
    const input = h('input', {
      type: 'text',
      readonly: true,
      value: link,
      id: 'invite-link',
      'aria-label': 'Invite link',
    });
    const copy = h('button.primary', { id: 'copy-invite' }, 'Copy');
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = 'Copied ✓';
      } catch {
        input.select();
        copy.textContent = 'Press Ctrl+C';
      }
    });
    const priv = !!invite || !!s.state?.settings?.private;
    return h(
      'div.screen',
      null,
      h(
        'div.center.card.col',
        { style: { maxWidth: '620px' } },
        h(
          'div.row',
          null,
          h('h2', { style: { margin: 0 } }, h('span.spinner'), ' Waiting for an opponent…'),
          h('span.grow'),
          h('span#wait-elapsed.dim.mono', { 'aria-hidden': 'true' }),
        ),
        priv
          ? h('p.dim', { style: { margin: 0 } }, 'Send this link to a friend; opening it takes the second seat.')
          : h('p.dim', { style: { margin: 0 } }, 'Quick match: you will be paired with the next player.'),
        // A private room's link is useless without its invite code, which comes in the welcome: until then, no link
        // that could be copied and would be refused.
        priv
          ? invite
            ? h('div.invite', null, input, copy)
            : h('p.dim#invite-pending', null, h('span.spinner'), ' Preparing the invite link…')
          : null,
        declined
          ? h('p#still-waiting.dim', { style: { margin: 0 } }, 'Still looking for a player. The computer can wait.')
          : null,
        h('div.row', null, h('button', { id: 'leave', onclick: () => app.go('#/') }, 'Cancel')),
        offer && !priv
          ? offerView(offer, {
              accept: (level) => s.send('play-computer', { level }),
              decline: () => {
                s.send('decline-computer', {});
                offer = null;
                declined = true;
                if (lastPhase === 'waiting') replace(body, waitingView());
              },
            })
          : null,
      ),
    );
  }

  let preKey = '';
  function preMatch(st: RoomState, force = false): void {
    destroyMatch();
    const me = you();
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    // Rebuild only when something shown changed (patches arrive for timers and connection flags too).
    const key = JSON.stringify([
      st.phase,
      st.step,
      st.turn,
      me,
      seats.map((x) => [x.name, x.faction, x.picks, x.munitions]),
    ]);
    if (!force && key === preKey && body.querySelector('#draft-screen, #factions-screen')) return;
    if (key !== preKey) draftSel.pending = false;
    preKey = key;
    const nm = names(st);
    const turnSeat = st.turn === 0 || st.turn === 1 ? (st.turn as Seat) : null;
    const myTurn =
      me !== null && (turnSeat === null ? st.phase !== 'factions' || !seats[me]!.faction : turnSeat === me);
    const stepName =
      st.phase === 'factions'
        ? 'Faction choice'
        : st.step === 'swap'
          ? 'Swap step'
          : st.step === 'munitions'
            ? 'Munition placement'
            : 'Draft';
    const pill =
      st.phase === 'factions'
        ? h(
            'span.turn-pill',
            { class: me !== null && !seats[me]!.faction ? 'you' : '' },
            me !== null && seats[me]!.faction ? 'Waiting for the opponent' : 'Choose your faction',
          )
        : h(
            'span.turn-pill',
            { id: 'turn', class: myTurn ? 'you' : '' },
            turnSeat === null ? 'Both players' : myTurn ? 'Your pick' : `${nm[turnSeat]}'s pick`,
          );
    const clock = h('span.countdown', { id: 'draft-countdown' }, st.deadline ? `${secondsLeft(st.deadline)}s` : '');
    const content =
      st.phase === 'factions'
        ? factionView(s, seats, me)
        : h(
            'div.draft-layout',
            null,
            h(
              'div.draft-main',
              null,
              me !== null && !(st.step === 'munitions' && seats[me]!.munitions.length)
                ? draftActions(
                    s,
                    st.step,
                    seats[me]!,
                    seats[me]!.faction || 'fpa',
                    myTurn,
                    draftSel,
                    () => s.state && preMatch(s.state, true),
                  )
                : h(
                    'p.dim',
                    null,
                    st.step === 'munitions' ? 'Munitions placed. Waiting for the opponent…' : 'Watching the draft.',
                  ),
            ),
            h('aside.draft-picks', { 'aria-label': 'Both players’ picks' }, picksView(seats, nm, factions(st))),
          );
    replace(
      body,
      h(
        'div.screen',
        { id: st.phase === 'factions' ? 'factions-screen' : 'draft-screen' },
        h(
          'div.center',
          { class: st.phase === 'factions' ? '' : 'wide' },
          h(
            'div.draft-head',
            null,
            h('h2', { style: { margin: 0 } }, stepName),
            // Who the player faces (the computer's name says its level).
            me !== null ? h('span#opponent-name.dim', null, `against ${nm[me === 0 ? 1 : 0]}`) : null,
            h('div.row', null, pill, clock),
          ),
          content,
        ),
      ),
    );
  }

  async function ensureMatch(st: RoomState): Promise<void> {
    const ms = matchStateFromRoom(st);
    if (!ms) return;
    // Not before the welcome: it says which seat we hold (after a reload the state can arrive first, and a view built
    // then would be a spectator's: no "(you)", the board not turned for seat 1). The welcome handler comes back here.
    if (!s.welcome) return;
    if (!view) {
      view = new MatchView({
        names: names(st),
        factions: factions(st),
        you: you(),
        model: modelFromMatch(ms),
        onHexClick: (hx) => decision?.click(hx),
      });
      replace(body, view.root);
      await view.init();
      if (you() !== null) {
        commit = new CommitPanel(you()!, view.board, {
          lock: (c) => s.send('commit', { round: s.state?.round ?? 1, commitment: c }),
          revise: () => s.send('revise', { round: s.state?.round ?? 1 }),
        });
        if (pendingCommitment) commit.restore(pendingCommitment.commitment, pendingCommitment.lockedIn);
        pendingCommitment = null;
        view.bar.append(commit.bar);
        view.panel.append(commit.el);
        view.panel.append(
          h(
            'button.danger.small',
            { id: 'concede', onclick: () => confirm('Concede this match?') && s.send('concede', {}) },
            'Concede',
          ),
        );
      } else {
        // Spectators have no panels to act in: the round, what is happening and the clock instead.
        view.panel.append(
          h(
            'section.card.row',
            { id: 'match-status', 'aria-label': 'Match status' },
            h('span#status-text'),
            h('span.grow'),
            h('span#status-clock.countdown'),
          ),
        );
      }
    }
  }

  function destroyMatch(): void {
    commit?.destroy();
    decision?.destroy();
    view?.destroy();
    commit = decision = view = null;
  }

  async function onState(st: RoomState): Promise<void> {
    if (!alive) return;
    renderBanner(st);
    const phase = st.phase;
    if (phase === 'waiting') {
      if (lastPhase !== 'waiting') replace(body, waitingView());
    } else if (phase === 'factions' || phase === 'draft') {
      preMatch(st);
    } else {
      await ensureMatch(st);
      if (!view) return;
      view.setNames(names(st), factions(st));
      const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
      // Locked-in lights belong to the commitment window; after the end they would read "thinking".
      view.locked = phase === 'finished' ? null : [seats[0]!.lockedIn, seats[1]!.lockedIn];
      view.connected = [seats[0]!.connected, seats[1]!.connected];
      const ms = matchStateFromRoom(st);
      if (ms) {
        if (settleTimer) clearTimeout(settleTimer);
        settleTimer = setTimeout(() => view?.settle(modelFromMatch(ms)), 120);
        const me = you();
        if (commit && me !== null) {
          commit.el.hidden = commit.bar.hidden = phase !== 'commit';
          if (phase === 'commit') {
            commit.update(ms, {
              locked: seats[me]!.lockedIn,
              opponentLocked: seats[me === 0 ? 1 : 0]!.lockedIn,
              deadline: st.deadline,
              newRound: st.round !== lastCommitRound,
            });
            lastCommitRound = st.round;
          }
        }
        if (decision) decision.el.hidden = phase !== 'resolving';
      }
      if (phase === 'finished') {
        // The match is over: no momentum ghost, weapon arcs or concede button left from the last commitment window.
        setGhost(view.board, null);
        setHighlights(view.board, []);
        document.getElementById('concede')?.toggleAttribute('hidden', true);
        if (ended) showEnd(st);
      } else document.getElementById('concede')?.toggleAttribute('hidden', false);
      if (phase !== 'finished') document.getElementById('end-overlay')?.remove();
    }
    lastPhase = phase;
  }

  function showEnd(st: RoomState): void {
    if (!ended || !view) return;
    const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
    const el = endScreen(
      {
        winner: ended.winner,
        reason: ended.reason,
        seed: ended.seed || st.seed,
        publishedHash: st.seedHash,
        recordId: ended.recordId || st.recordId || null,
        names: names(st),
        you: you(),
        rematch: [seats[0]!.rematch, seats[1]!.rematch],
      },
      { onRematch: () => s.send('rematch', {}), onLobby: () => app.go('#/') },
    );
    // In the flow above the board (which shrinks to fit): the final position stays visible, nothing covers it.
    const overlay = document.getElementById('end-overlay') ?? h('div#end-overlay');
    replace(overlay, el);
    if (!overlay.isConnected) view.root.querySelector('.board-wrap')?.prepend(overlay);
  }

  /** The server ended the connection: say why (restart, flooding, …) instead of leaving a stuck screen. */
  function showClosed(): void {
    const c = s.closed;
    if (!alive || !c) return;
    const n = closeNotice(c.code, c.reason, {
      phase: lastPhase,
      spectator: route.spectate || s.welcome?.role === 'spectator',
    });
    const actions = { onLobby: () => app.go('#/'), onRejoin: () => app.go(location.hash) };
    if (lastPhase === 'finished' && view) {
      // The end screen stays (the final position, the replay); only a rematch is gone with the room.
      document.getElementById('rematch')?.remove();
      replace(banners.el, h('div.banner.closed', { id: 'closed-banner', role: 'status' }, n.text));
      return;
    }
    destroyMatch();
    replace(body, closedView(n, actions));
  }

  const unlisten = s.listen({
    state: (st) => void onState(st),
    connection: (c) => {
      renderBanner(s.state);
      if (c === 'closed') showClosed();
    },
    message: {
      welcome: (w) => {
        if (w.invite) keepInvite(w.invite);
        if (s.state) void onState(s.state);
      },
      events: (m) => {
        const plan = onEvents(shown, s.state?.matchNo ?? 0, m);
        shown = plan.shown;
        inOrder(() => view?.play(plan.play));
      },
      'round-so-far': (m) => {
        // A catch-up after a drop, a reload or a late join: what this page has not shown of the last completed round
        // and of the current one goes into the log at once, and the board settles on the synced state.
        const plan = onRoundSoFar(shown, s.state?.matchNo ?? 0, m);
        shown = plan.shown;
        inOrder(() => {
          if (!view) return;
          if (plan.missed) view.log(missedLine(plan.missed), true);
          view.play(plan.play);
          view.player.skip();
          const ms = s.state && matchStateFromRoom(s.state);
          if (ms) view.settle(modelFromMatch(ms));
        });
      },
      commitment: (m) => {
        // Our own sealed commitment, echoed after a reload: it is this round's, so keep it (no new-round reset).
        lastCommitRound = m.round;
        if (commit) commit.restore(m.commitment, m.lockedIn);
        else pendingCommitment = m;
      },
      prompt: (m) => {
        // After the events it follows (inOrder), so the skip below also ends their animations.
        inOrder(() => {
          const st = s.state && matchStateFromRoom(s.state);
          if (!view || !st) return;
          decision?.destroy();
          view.player.skip();
          decision = new DecisionPanel(view.board, names(s.state!), m.id, m.prompt, m.deadline, st, (d) =>
            s.send('decide', { prompt: m.id, decision: d }),
          );
          view.panel.prepend(decision.el);
        });
      },
      'prompt-closed': (m) => {
        inOrder(() => {
          if (decision?.id === m.id) {
            decision.destroy();
            decision = null;
          }
        });
        if (m.defaulted) toast('Time ran out: the default choice was taken.');
      },
      'computer-offer': (m) => {
        offer = m;
        if (lastPhase === 'waiting') replace(body, waitingView());
      },
      ended: (m) => {
        ended = m;
        // Now (a concession ends an open prompt at once) and again after the queue (a prompt still queued behind it).
        decision?.destroy();
        decision = null;
        inOrder(() => {
          decision?.destroy();
          decision = null;
        });
        if (s.state) void onState(s.state);
      },
      error: (e) => {
        toast(e.message, 'error');
        if (draftSel.pending && s.state) {
          draftSel.pending = false;
          preMatch(s.state, true);
        }
      },
    },
  });

  async function connect(): Promise<void> {
    if (s.room?.roomId === route.roomId) return;
    if (s.room) await s.leave();
    const opts = { name: app.name, ...(route.invite ? { invite: route.invite } : {}) };
    if (!route.spectate && storedToken(route.roomId) && (await s.resume(route.roomId))) return;
    if (route.spectate) return s.join(route.roomId, { ...opts, spectate: true });
    try {
      await s.join(route.roomId, opts);
    } catch (e) {
      // A full room: the invite link of a running match lets a third person watch it.
      if (/full/i.test((e as Error).message)) await s.join(route.roomId, { ...opts, spectate: true });
      else throw e;
    }
  }

  replace(body, h('div.screen', null, h('div.center.card', null, h('span.spinner'), ' Joining the match…')));
  if (invite) keepInvite(invite);
  connect()
    .then(() => {
      if (s.state) void onState(s.state);
    })
    .catch((e: Error) => {
      replace(
        body,
        h(
          'div.screen',
          null,
          h(
            'div.center.card.col',
            null,
            h('h2', null, 'Cannot join this match'),
            h('p.bad', null, e.message),
            h('a', { href: '#/' }, 'Back to the lobby'),
          ),
        ),
      );
    });

  const mountedAt = Date.now();
  const ticker = setInterval(() => {
    banners.tick();
    const w = document.getElementById('wait-elapsed');
    if (w) {
      const t = Math.floor((Date.now() - mountedAt) / 1000);
      w.textContent = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
    }
    const st = s.state;
    if (!st) return;
    const clock = st.deadline && st.phase !== 'finished' ? `${secondsLeft(st.deadline)}s` : '';
    const c = document.getElementById('draft-countdown') ?? document.getElementById('status-clock');
    if (c && c.textContent !== clock) c.textContent = clock;
    const t = document.getElementById('status-text');
    const what =
      st.phase === 'commit'
        ? 'players choose their orders'
        : st.phase === 'resolving'
          ? 'resolving'
          : st.phase === 'finished'
            ? 'match over'
            : st.phase;
    if (t) t.textContent = `Round ${st.round} · ${what}`;
  }, 500);

  return () => {
    alive = false;
    clearInterval(ticker);
    if (settleTimer) clearTimeout(settleTimer);
    unlisten();
    destroyMatch();
  };
}
