import { botAnswer, BOT_LEVELS } from '../src/index.js';
import { randomSituations } from '../src/situations.js';
let t0 = performance.now();
const sits = randomSituations('legal-x', 10000);
console.log('gen', (performance.now() - t0).toFixed(0), 'ms');
const kinds: Record<string, number> = {};
for (const s of sits)
  kinds[s.request.kind === 'decide' ? s.request.prompt.kind : s.request.kind] =
    (kinds[s.request.kind === 'decide' ? s.request.prompt.kind : s.request.kind] ?? 0) + 1;
console.log(kinds);
for (const level of BOT_LEVELS)
  for (const budget of level === 'medium' || level === 'hard' ? [1, 8] : [undefined]) {
    t0 = performance.now();
    let bad = 0;
    for (const [i, s] of sits.entries()) {
      const a = botAnswer(level, s.request, { seed: `x${i}`, ...(budget !== undefined ? { budget } : {}) });
      if (s.check(a)) bad++;
    }
    console.log(level, budget, (performance.now() - t0).toFixed(0), 'ms', 'bad', bad);
  }
