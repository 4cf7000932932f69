// RULES §10, §5: the record's draft is replayed; a record whose draft and loadouts or munitions disagree is refused,
// naming the first field that disagrees.
import { describe, expect, it } from 'vitest';
import { slotCards } from './content/index.js';
import type { MatchRecord } from './record.js';
import { replayRecord } from './replay.js';
import { simulateMatch } from './simulate.js';
import type { Seat } from './types.js';

const m = simulateMatch('record-draft', 0);
const copy = (): MatchRecord => structuredClone(m.record);
const refusal = (r: MatchRecord): string => {
  const out = replayRecord(r);
  if (out.ok) throw new Error('expected the record to be refused');
  return out.error.path;
};

describe('RULES §10: the record draft', () => {
  it('RULES §10: a simulated record carries its whole draft, which replays to its loadouts', () => {
    expect(m.record.draft.length).toBeGreaterThanOrEqual(12); // 10 picks, at least one swap answer, 2 placements
    expect(replayRecord(m.record).ok).toBe(true);
  });

  it('RULES §10: a loadout the draft did not produce is refused at that slot', () => {
    const seat: Seat = 1;
    const r = copy();
    const faction = r.players[seat].faction;
    const other = slotCards(faction, 'main').find((c) => c.id !== r.players[seat].loadout.main)!;
    r.players[seat].loadout.main = other.id;
    expect(refusal(r)).toBe('record.players[1].loadout.main');
  });

  it('RULES §10: the squadrons in a different order than drafted are refused (munitions follow the order)', () => {
    const r = copy();
    const sq = r.players[0].loadout.squadrons;
    const turned: [string, string, string] = [sq[1], sq[2], sq[0]];
    if (turned.join() === sq.join()) return expect(sq[0]).toBe(sq[1]); // three equal cards: no other order exists
    r.players[0].loadout.squadrons = turned;
    expect(refusal(r)).toBe('record.players[0].loadout.squadrons');
  });

  it('RULES §10: munitions other than the placement in the draft are refused', () => {
    const r = copy();
    r.players[0].munitions = [...r.players[0].munitions].reverse();
    if (r.players[0].munitions.join() === m.record.players[0].munitions.join()) r.players[0].munitions[0]! += 1;
    expect(refusal(r)).toBe('record.players[0].munitions');
  });

  it('RULES §5: a draft action out of turn is refused, naming the entry', () => {
    const r = copy();
    const first = r.draft[0] as { seat: Seat };
    first.seat = first.seat === 0 ? 1 : 0;
    expect(refusal(r)).toBe('record.draft[0].action');
    expect(replayRecord(r)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^not-your-turn/) } });
  });

  it('RULES §5: a malformed draft entry and an unfinished draft are refused', () => {
    const bad = copy();
    bad.draft[3] = { seat: 7 };
    expect(refusal(bad)).toBe('record.draft[3].seat');
    const cut = copy();
    cut.draft = cut.draft.slice(0, -1);
    expect(refusal(cut)).toBe('record.draft');
    const extra = copy();
    extra.draft = [...extra.draft, extra.draft.at(-1)];
    expect(refusal(extra)).toBe(`record.draft[${m.record.draft.length}]`);
  });

  it('RULES §10: a draft begun by the other seat than the coin toss winner is refused', () => {
    const r = copy();
    r.initiative = r.initiative === 0 ? 1 : 0;
    expect(refusal(r)).toBe('record.initiative'); // the seed's coin toss says otherwise (coin-toss.test.ts)
    delete r.initiativeFrom; // an older record, without the toss to check: the draft still tells
    expect(refusal(r)).toBe('record.draft[0].action');
  });

  it('ruling: a record without draft entries is read by its loadouts alone (the loadout is what counts)', () => {
    const r = copy();
    r.draft = [];
    expect(replayRecord(r)).toMatchObject({ ok: true });
  });
});
