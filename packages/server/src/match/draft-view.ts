// The public view of the draft (RULES §5): picks are public as soon as made; munition placements once both are in.
import type { Draft } from '../engine.js';
import type { MatchRoomState } from '../output/state.js';
import { syncNumbers, syncStrings } from '../output/sync.js';

export function syncDraft(room: MatchRoomState, draft: Draft): void {
  const bothPlaced = draft.munitions[0] !== null && draft.munitions[1] !== null;
  for (const seat of [0, 1] as const) {
    const s = room.seats[seat]!;
    const l = draft.loadouts[seat];
    if (s.main !== (l.main ?? '')) s.main = l.main ?? '';
    if (s.broadside !== (l.broadside ?? '')) s.broadside = l.broadside ?? '';
    if (s.fighterBay !== (l.fighterBay ?? '')) s.fighterBay = l.fighterBay ?? '';
    if (s.pointDefence !== (l.pointDefence ?? '')) s.pointDefence = l.pointDefence ?? '';
    syncStrings(s.squadrons, l.squadrons ?? []);
    syncNumbers(s.munitions, bothPlaced ? draft.munitions[seat]! : []);
  }
}
