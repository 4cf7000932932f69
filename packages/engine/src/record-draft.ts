// The record's `draft` (RULES §10, §5): the picks, swaps and munition placements in order. The replay re-runs them
// from the coin toss winner and refuses a record whose draft does not produce its players' loadouts and munitions,
// naming the first field that disagrees. A record with no draft entries (written by hand, or by a tool that keeps
// only the outcome) is read by its loadouts alone: RULES §10 calls the draft "for the record; the loadout is what
// counts", so an absent draft is allowed, but a present one must be true.
import { applyDraftAction, createDraft, draftLoadouts, draftMunitions, draftTurn, type Draft } from './loadout.js';
import type { MatchRecord, RecordError } from './record.js';
import { SLOTS, type Seat } from './types.js';

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Re-run the record's draft; null when it agrees with the players' loadouts and munitions (or is empty). */
export function checkRecordDraft(record: MatchRecord): RecordError | null {
  if (record.draft.length === 0) return null;
  let d: Draft = createDraft({
    factions: [record.players[0].faction, record.players[1].faction],
    initiative: record.initiative,
  });
  for (let i = 0; i < record.draft.length; i++) {
    const path = `record.draft[${i}]`;
    const entry = record.draft[i];
    if (!isObj(entry)) return { path, message: 'expected an object { seat, action }' };
    if (entry.seat !== 0 && entry.seat !== 1) return { path: `${path}.seat`, message: 'expected seat 0 or 1' };
    if (draftTurn(d).stage === 'done') return { path, message: 'the draft was already over' };
    const r = applyDraftAction(d, entry.seat, entry.action);
    if (!r.ok) return { path: `${path}.action`, message: `${r.error.code}: ${r.error.message}` };
    d = r.value;
  }
  const stage = draftTurn(d).stage;
  if (stage !== 'done') return { path: 'record.draft', message: `the draft ends unfinished (in its ${stage} stage)` };
  return compareOutcome(record, d);
}

/** The first loadout slot or munition placement where the players' entries differ from what the draft produced. */
function compareOutcome(record: MatchRecord, d: Draft): RecordError | null {
  const loadouts = draftLoadouts(d)!;
  const munitions = draftMunitions(d)!;
  for (const seat of [0, 1] as Seat[]) {
    const player = record.players[seat];
    const path = `record.players[${seat}]`;
    for (const slot of SLOTS) {
      const drafted = loadouts[seat][slot];
      if (JSON.stringify(player.loadout[slot]) !== JSON.stringify(drafted))
        return { path: `${path}.loadout.${slot}`, message: `the draft gives ${JSON.stringify(drafted)}` };
    }
    if (JSON.stringify(player.munitions) !== JSON.stringify(munitions[seat]))
      return { path: `${path}.munitions`, message: `the draft gives ${JSON.stringify(munitions[seat])}` };
  }
  return null;
}
