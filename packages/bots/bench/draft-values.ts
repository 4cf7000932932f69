// node --import tsx packages/bots/bench/draft-values.ts [--level medium] [--matches 400] [--seed draft-values]
// What each faction and card is worth in play: N matches of one level against itself, both seats drafting at random,
// and the mean score (win 1, draw ½) of the seats that had each faction and card (a card twice in a squadron triple
// counts twice). Prints the JSON that src/draft-values.json holds (hard's draft reads it). Random drafts make every
// card's share independent of the rest, so a plain mean is a fair estimate of its worth against the field.
import { arenaOutcomes } from '../arena/arena.js';
import { isBotLevel } from '../src/index.js';

const args = process.argv.slice(2);
const flag = (k: string, d: string): string => {
  const i = args.indexOf(`--${k}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : d;
};
const level = flag('level', 'medium');
if (!isBotLevel(level)) throw new Error(`unknown level ${level}`);
const matches = Number(flag('matches', '400'));
const seed = flag('seed', 'draft-values');

const { outcomes } = await arenaOutcomes({ a: level, b: level, matches, seed, randomDraft: true });
const tally = new Map<string, { n: number; score: number }>();
const add = (key: string, score: number) => {
  const t = tally.get(key) ?? { n: 0, score: 0 };
  t.n++;
  t.score += score;
  tally.set(key, t);
};
for (const m of outcomes) {
  for (const seat of [0, 1] as const) {
    const won = m.result === 'draw' ? 0.5 : (m.result === 'a') === (seat === m.aSeat) ? 1 : 0;
    const { faction, loadout } = m.loadouts[seat];
    add(`faction:${faction}`, won);
    for (const id of [loadout.main, loadout.broadside, loadout.fighterBay, loadout.pointDefence, ...loadout.squadrons])
      add(id, won);
  }
}
const mean = (key: string) => Math.round((1000 * tally.get(key)!.score) / tally.get(key)!.n) / 1000;
const keys = [...tally.keys()].sort();
const out = {
  measured: `draft-values.ts --level ${level} --matches ${matches} --seed ${seed}`,
  factions: Object.fromEntries(keys.filter((k) => k.startsWith('faction:')).map((k) => [k.slice(8), mean(k)])),
  cards: Object.fromEntries(keys.filter((k) => !k.startsWith('faction:')).map((k) => [k, mean(k)])),
};
console.log(JSON.stringify(out, null, 2));
