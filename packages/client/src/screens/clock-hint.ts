// What the step's clock does (RULES §7 timers), said in the strip the draft's heading keeps for notices while none shows
// (draft-notices.ts): how long a step lasts and the default the server takes for the player when the time runs out.
// The seconds are the room's draft timer setting as the page received it; the faction choice's length is no setting
// the page is told, so its line names none. Only a player deciding on the clock is told: a spectator, or a player whose
// munitions are placed, has nothing the clock decides for them and sees no line.
import type { RoomState, SeatInfo } from '../net/room-state.js';

/** Each draft step's length (`n` s: the room's setting) and what its time-out does (the server's default). */
const DRAFT_STEPS: Record<string, { lasts: (n: number) => string; default: string }> = {
  pick: { lasts: (n) => `Each pick has ${n} s.`, default: 'the first card on offer is picked for you' },
  swap: { lasts: (n) => `The swap has ${n} s.`, default: 'you keep your loadout (no swap)' },
  munitions: {
    lasts: (n) => `Placing munitions has ${n} s.`,
    default: 'your munitions are spread over your squadrons for you',
  },
};

/** The line for the step `st` shows to the seat `mine` (null: a spectator), or null for none. */
export function clockHint(st: RoomState, mine: SeatInfo | null): string | null {
  if (!mine) return null;
  if (st.phase === 'factions')
    // A chosen faction is final (the server refuses a second): the clock decides nothing more for this seat.
    return mine.faction || mine.lockedIn
      ? 'Your choice is sealed: your opponent sees it when both have chosen.'
      : 'Choose before the clock runs out: when it does, a faction is chosen for you.';
  const step = DRAFT_STEPS[st.step];
  if (st.phase !== 'draft' || !step || (st.step === 'munitions' && [...mine.munitions].length)) return null;
  // No timer setting received: the line says what a time-out does, not how long the step lasts.
  const n = st.settings?.draftSeconds;
  return `${n && n > 0 ? `${step.lasts(n)} ` : ''}When time runs out, ${step.default}.`;
}
