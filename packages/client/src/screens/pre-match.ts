// Before the board (RULES §5): the faction choice and the draft's steps (picks, swap, munition placement) with whose
// turn it is and the step's countdown. Rebuilt only when something it shows changes.
import type { FactionId, Seat } from '@star-eater/engine';
import { seatFactions, seatInfo, seatNames, type RoomState, type SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { h, replace, secondsLeft } from '../ui/dom.js';
import { placeNotices } from '../ui/notice-place.js';
import { draftActions, factionView, picksView } from './draft.js';
import { clockHint } from './clock-hint.js';
import { draftNotices, reserveNoticeStrip } from './draft-notices.js';
import type { DraftSelection } from './draft-choice.js';

interface Turn {
  me: Seat | null;
  seats: SeatInfo[];
  names: [string, string];
  /** The seat to pick, or null when both act (faction choice, swap, munitions). */
  turnSeat: Seat | null;
  myTurn: boolean;
}

function turnOf(st: RoomState, me: Seat | null): Turn {
  const seats = [seatInfo(st.seats[0]), seatInfo(st.seats[1])];
  const turnSeat = st.turn === 0 || st.turn === 1 ? (st.turn as Seat) : null;
  const myTurn =
    me !== null &&
    (turnSeat === null ? st.phase !== 'factions' || !(seats[me]!.faction || seats[me]!.lockedIn) : turnSeat === me);
  return { me, seats, names: seatNames(st), turnSeat, myTurn };
}

function stepName(st: RoomState): string {
  if (st.phase === 'factions') return 'Faction choice';
  if (st.step === 'swap') return 'Swap step';
  if (st.step === 'munitions') return 'Munition placement';
  return 'Draft';
}

function turnPill(st: RoomState, t: Turn): HTMLElement {
  if (st.phase === 'factions') {
    const chosen = t.me !== null && (!!t.seats[t.me]!.faction || t.seats[t.me]!.lockedIn);
    // A spectator chooses nothing: told what the players are doing.
    const text =
      t.me === null ? 'Both players choose a faction' : chosen ? 'Waiting for the opponent' : 'Choose your faction';
    return h('span.turn-pill', { class: t.me !== null && !chosen ? 'you' : '' }, text);
  }
  const text = t.turnSeat === null ? 'Both players' : t.myTurn ? 'Your pick' : `${t.names[t.turnSeat]}'s pick`;
  return h('span.turn-pill', { id: 'turn', class: t.myTurn ? 'you' : '' }, text);
}

/** The strip under the heading for notices; while none shows, what the step's clock does for this player. */
function noticeSlot(st: RoomState, t: Turn): HTMLElement {
  const hint = clockHint(st, t.me === null ? null : t.seats[t.me]!);
  return h('div.notice-slot', null, hint ? h('p.clock-hint', null, hint) : null);
}

export class PreMatchScreen {
  /** What the screen last showed (patches arrive for timers and connection flags too). */
  private key = '';
  /** The draft choice being assembled, and whether it was sent and awaits the server's answer. */
  private readonly sel: DraftSelection = { squadrons: [], munitions: [], card: null, pending: false };
  /** The match the selection belongs to: a rematch's draft starts from nothing. */
  private matchNo = -1;

  private readonly unNotices: () => void;

  constructor(
    private readonly body: HTMLElement,
    private readonly s: Session,
  ) {
    // Notices show in the heading, over none of its text and no card or button.
    this.unNotices = draftNotices(this.body);
  }

  destroy(): void {
    this.unNotices();
  }

  /** Sealed faction choice: my own, as the server echoed it; the synced state shows it only once both chose. */
  private mine: { matchNo: number; faction: FactionId } | null = null;

  sealedFaction(faction: FactionId, st: RoomState | null): void {
    this.mine = { matchNo: st?.matchNo ?? 0, faction };
    if (st?.phase === 'factions') this.render(st, true);
  }

  render(st: RoomState, force = false): void {
    if (st.matchNo !== this.matchNo) {
      this.matchNo = st.matchNo;
      Object.assign(this.sel, { squadrons: [], munitions: [], card: null, pending: false, suggestedFor: undefined });
    }
    const t = turnOf(st, this.s.seat);
    const mine = st.phase === 'factions' && this.mine?.matchNo === st.matchNo ? this.mine.faction : '';
    if (mine && t.me !== null) t.seats[t.me] = { ...t.seats[t.me]!, faction: mine };
    const key = JSON.stringify([
      st.phase,
      st.step,
      st.turn,
      t.me,
      t.seats.map((x) => [x.name, x.faction, x.lockedIn, x.picks, x.munitions]),
    ]);
    if (!force && key === this.key && this.body.querySelector('#draft-screen, #factions-screen')) return;
    if (key !== this.key) {
      this.sel.pending = false;
      // A step moved on (a pick was taken, the turn passed): the selection of the step before is gone (a squadron trio
      // kept into the swap step offered to "swap" for the same three, which the server refuses).
      this.sel.card = null;
      this.sel.squadrons = [];
    }
    this.key = key;
    const clock = h('span.countdown', { id: 'draft-countdown' }, st.deadline ? `${secondsLeft(st.deadline)}s` : '');
    const factions = st.phase === 'factions';
    replace(
      this.body,
      h(
        'div.screen',
        { id: factions ? 'factions-screen' : 'draft-screen' },
        h(
          'div.center',
          { class: factions ? '' : 'wide' },
          h(
            'div.draft-head',
            null,
            h(
              'div.draft-title',
              null,
              h('h2', { style: { margin: 0 } }, stepName(st)),
              // Who the player faces (the computer's name says its level).
              t.me !== null ? h('span#opponent-name.dim', null, `against ${t.names[t.me === 0 ? 1 : 0]}`) : null,
              h('div.row', null, turnPill(st, t), clock),
            ),
            noticeSlot(st, t),
          ),
          factions ? factionView(this.s, t.seats, t.me) : this.draft(st, t),
        ),
      ),
    );
    // The new heading keeps its notices' strip open (before the first paint: nothing moves) and shows any notice.
    reserveNoticeStrip(this.body);
    placeNotices();
  }

  /** The server refused something: a draft choice in flight is shown again to be made anew. */
  refused(): void {
    if (!this.sel.pending || !this.s.state) return;
    this.sel.pending = false;
    this.render(this.s.state, true);
  }

  /** The step's countdown (called twice a second). */
  tick(st: RoomState): void {
    const c = document.getElementById('draft-countdown');
    const clock = st.deadline ? `${secondsLeft(st.deadline)}s` : '';
    if (c && c.textContent !== clock) c.textContent = clock;
  }

  private draft(st: RoomState, t: Turn): HTMLElement {
    const mine = t.me === null ? null : t.seats[t.me]!;
    const acting = mine !== null && !(st.step === 'munitions' && mine.munitions.length);
    return h(
      'div.draft-layout',
      null,
      h(
        'div.draft-main',
        null,
        acting
          ? draftActions(this.s, st.step, mine, mine.faction || 'fpa', t.myTurn, this.sel, () => {
              if (this.s.state) this.render(this.s.state, true);
            })
          : h(
              'p.dim',
              null,
              st.step === 'munitions' ? 'Munitions placed. Waiting for the opponent…' : 'Watching the draft.',
            ),
      ),
      h(
        'aside.draft-picks',
        { 'aria-label': 'Both players’ picks' },
        picksView(t.seats, t.names, seatFactions(st), t.me),
      ),
    );
  }
}
