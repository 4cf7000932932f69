// A scripted player that plays through the protocol alone (the synced state, its own messages), used by the tests
// and the benchmark. It knows the card lists (public content) but no rules: the server is the judge, and a refused
// commitment falls back to NONE and no cards.
import {
  createRng,
  defaultDecision,
  getFaction,
  isFactionId,
  munitionPlacements,
  munitionRules,
  squadronTriples,
  type Rng,
} from '@star-eater/engine';
import type { CardPlay, Commitment, Decision, EngineSetting, FactionId, Prompt } from '@star-eater/engine';
import type { ServerMessages } from '@star-eater/protocol';
import type { Room } from '@colyseus/sdk';
import { decodeMessages } from '../src/colyseus-internals.js';
import type { SeatState, StateView } from './state-view.js';

const ENGINES: EngineSetting[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW', 'DOUBLE', 'CW', 'CCW', 'NONE'];
const SINGLE = ['main', 'broadside', 'fighterBay', 'pointDefence'] as const;

export interface BotOptions {
  seed: string;
  faction?: FactionId;
  /** Prefer firing cards (shorter matches). */
  aggressive?: boolean;
  /** Do not commit automatically (the test drives commitments). */
  manualCommit?: boolean;
  /** Do not answer decision prompts (the test answers them). */
  manualDecide?: boolean;
  /** Called when the bot locks in (for latency measurement). */
  onCommit?: (round: number) => void;
  /** Think time before a commitment, ms (a real player takes a while); none by default. */
  thinkMs?: () => number;
  /** Cards to draft for these slots (a test that needs a weapon); the other slots are picked at random. */
  loadout?: Partial<Record<(typeof SINGLE)[number], string>>;
  /** While this returns true the bot does nothing (a test stops a match at a chosen point). */
  hold?: (state: StateView) => boolean;
}

/** A seat's faction in the draft (chosen before it); anything else is a bug the bot must not paper over. */
function factionOf(me: SeatState) {
  if (!isFactionId(me.faction)) throw new Error(`bot: the seat's faction "${me.faction}" is not a faction`);
  return getFaction(me.faction);
}

export class Bot {
  readonly rng: Rng;
  private acted = new Set<string>();
  room!: Room;
  commitments = 0;
  errors: ServerMessages['error'][] = [];

  constructor(
    room: Room,
    private readonly opts: BotOptions,
  ) {
    this.rng = createRng(opts.seed);
    this.bind(room);
  }

  /** (Re)binds to a room object, e.g. after a reconnection. */
  bind(room: Room): void {
    this.room = room;
    // The prompts (and the events others read on this room) arrive packed: decoded as the browser decodes them.
    decodeMessages(room);
    room.onStateChange(() => this.tick());
    room.onMessage('prompt', (p: ServerMessages['prompt']) => this.answer(p));
    room.onMessage('error', (e: ServerMessages['error']) => this.onError(e));
    room.onMessage('commitment', () => {});
    room.onMessage('prompt-closed', () => {});
    room.onMessage('timed-out', () => {});
    room.onMessage('faction', () => {});
    room.onMessage('receipt', () => {});
    room.onMessage('receipts-revealed', () => {});
    room.onMessage('rated', () => {}); // a rated match's rating change: nothing for a bot to do
  }
  seatNo: 0 | 1 | null = null;

  private once(key: string, f: () => void): void {
    if (this.acted.has(key)) return;
    this.acted.add(key);
    f();
  }

  tick(): void {
    const st = this.room.state as StateView | undefined;
    if (!st?.seats || this.seatNo === null || this.opts.hold?.(st)) return;
    const seat = this.seatNo;
    const me = st.seats[seat];
    const m = st.matchNo;
    if (st.phase === 'factions' && !me.faction && !me.lockedIn) {
      this.once(`${m}:faction`, () =>
        this.room.send('faction', { faction: this.opts.faction ?? this.rng.pick(['fpa', 'lamais'] as const) }),
      );
    } else if (st.phase === 'draft' && st.step === 'pick' && st.turn === seat) {
      const filled =
        st.seats[0].squadrons.length +
        st.seats[1].squadrons.length +
        SINGLE.filter((s) => st.seats[0][s]).length +
        SINGLE.filter((s) => st.seats[1][s]).length;
      this.once(`${m}:pick:${filled}`, () => this.pick(me));
    } else if (st.phase === 'draft' && st.step === 'swap' && st.turn === seat) {
      this.once(`${m}:swap`, () => this.room.send('swap', { skip: true }));
    } else if (st.phase === 'draft' && st.step === 'munitions') {
      this.once(`${m}:munitions`, () => {
        const rules = munitionRules(factionOf(me), [...me.squadrons] as [string, string, string]);
        this.room.send('munitions', { munitions: this.rng.pick(munitionPlacements(rules)) });
      });
    } else if (st.phase === 'commit' && !me.lockedIn && !this.opts.manualCommit) {
      const round = st.round;
      this.once(`${m}:commit:${round}`, () => {
        const think = this.opts.thinkMs?.() ?? 0;
        if (think <= 0) return this.commit(round, this.randomCommitment(st));
        setTimeout(() => {
          const now = this.room.state as StateView;
          if (now.phase === 'commit' && now.round === round && now.matchNo === m && !now.seats[seat].lockedIn)
            this.commit(round, this.randomCommitment(now));
        }, think);
      });
    }
  }

  private pick(me: SeatState): void {
    const faction = factionOf(me);
    const empty = [...SINGLE.filter((s) => !me[s]), ...(me.squadrons.length ? [] : ['squadrons' as const])];
    const slot = this.rng.pick(empty);
    if (slot === 'squadrons') this.room.send('pick', { slot, cards: this.rng.pick(squadronTriples(faction)) });
    else
      this.room.send('pick', {
        slot,
        card: this.opts.loadout?.[slot] ?? this.rng.pick(faction[slot] as { id: string }[]).id,
      });
  }

  commit(round: number, commitment: Commitment): void {
    this.commitments += 1;
    this.opts.onCommit?.(round);
    this.room.send('commit', { round, commitment });
  }

  randomCommitment(st: StateView): Commitment {
    const ship = st.ships[this.seatNo!];
    const pool: CardPlay[] = [];
    if (ship?.cdMain === 0) pool.push({ card: 'fire-main' });
    if (ship?.cdBroadside === 0)
      pool.push({
        card: this.rng.pick(['port-broadside', 'starboard-broadside'] as const),
        aim: this.rng.pick(['fore', 'aft'] as const),
      });
    if (!this.opts.aggressive) {
      pool.push({ card: 'defence-stations' }, { card: 'launch-squadron' });
      pool.push({
        card: 'vent-coolant',
        component: this.rng.pick(['main', 'broadside', 'fighterBay', 'pointDefence'] as const),
      });
    }
    const cards: CardPlay[] = [];
    const n = this.opts.aggressive ? 2 : this.rng.int(3);
    while (cards.length < n && pool.length) cards.push(pool.splice(this.rng.int(pool.length), 1)[0]!);
    return { engine: this.rng.pick(ENGINES), cards };
  }

  private lastPrompt: ServerMessages['prompt'] | null = null;
  private answer(p: ServerMessages['prompt']): void {
    if (this.opts.manualDecide || this.opts.hold?.(this.room.state as StateView)) return;
    this.lastPrompt = p;
    this.room.send('decide', { prompt: p.id, decision: this.decide(p.prompt) });
  }

  decide(prompt: Prompt): Decision {
    if (prompt.kind === 'direct-fire' && prompt.options.length)
      return { kind: 'direct-fire', target: this.rng.pick(prompt.options).target };
    if (prompt.kind === 'point-defence' && prompt.options.length)
      return { kind: 'point-defence', target: this.rng.pick(prompt.options).target };
    return defaultDecision(prompt);
  }

  private onError(e: ServerMessages['error']): void {
    this.errors.push(e);
    const st = this.room.state as StateView;
    if (e.type === 'decide' && e.code === 'illegal' && this.lastPrompt) {
      const p = this.lastPrompt;
      this.once(`fallback-prompt:${p.id}`, () =>
        this.room.send('decide', { prompt: p.id, decision: defaultDecision(p.prompt) }),
      );
    }
    if (e.type === 'commit' && e.code === 'illegal' && st.phase === 'commit' && !this.opts.manualCommit) {
      this.once(`${st.matchNo}:fallback:${st.round}`, () => this.commit(st.round, { engine: 'NONE', cards: [] }));
    }
  }
}

/** Binds a bot once the welcome message says which seat it has. */
export function attachBot(room: Room, opts: BotOptions): Bot {
  const bot = new Bot(room, opts);
  room.onMessage('welcome', (w: ServerMessages['welcome']) => {
    bot.seatNo = w.seat;
    bot.tick();
  });
  return bot;
}
