// A commitment card's parameters come from the engine's list of its legal plays: choosing Squadron Maintenance
// offers only the allocations that would do all they say (never a munition for a full squadron or one in space, never
// a repair with nothing destroyed), and the choice locks in and resolves. Cleo (FPA) also sees Emergency Repairs
// offer the four sections with their armour. The draft's default munitions give every squadron some.
import { expect, test } from '@playwright/test';
import { shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('default munitions reach every squadron; Squadron Maintenance offers only plays that do something', async ({
  browser,
}) => {
  m = await startMatch(browser, ['Cleo', 'Dax']);
  const { a, b } = m;
  // Each player's own warship is blue and the opponent's orange, whatever the factions (Dax plays Lamais).
  const colours = (p: typeof a) =>
    p.evaluate(() => {
      const mv = (window as unknown as { __board: { view: { colourOf(s: number): number } } }).__board;
      return [mv.view.colourOf(0), mv.view.colourOf(1)];
    });
  expect(await colours(a)).toEqual([0x4aa8ff, 0xff8a3c]);
  expect(await colours(b)).toEqual([0xff8a3c, 0x4aa8ff]);
  // The draft's pre-filled munitions (taken as they are) leave no squadron empty: 2, 1 and 1.
  for (const p of [a, b])
    for (const seat of ['0', '1'])
      await expect(p.locator(`#ship-cards section[data-seat="${seat}"]`)).toContainText('S1⌂••S2⌂•S3⌂•');
  await b.locator('body').press('0');
  await b.click('button.cc[data-card="squadron-maintenance"]');
  // Nothing is destroyed (no repair), squadrons 1 and 3 are full: the one play that rearms is said, not chosen.
  await expect(b.locator('select[aria-label="Maintenance"]')).toHaveCount(0);
  await expect(b.locator('.param-only[aria-label="Maintenance"]')).toHaveText(
    'Maintenance: +1 munition: squadron 2 (has 1)',
  );
  await shot(b, '60-maintenance-plays');

  await a.locator('body').press('0');
  await a.click('button.cc[data-card="special-ability"]');
  const repairs = a.locator('select[aria-label="Emergency Repairs"]');
  await expect(repairs.locator('option')).toHaveText([/^bow \(/, /^core \(/, /^port \(/, /^starboard \(/]);
  await shot(a, '61-repairs-plays');

  await a.click('#lock-in');
  await b.click('#lock-in');
  // the round resolves with the chosen plays: the reveal in the log names them, and the munition is added
  await expect(b.locator('#log')).toContainText('Squadron Maintenance (munitions to 2)', { timeout: 30_000 });
  await expect(b.locator('#log')).toContainText('Special Ability (bow)');
  await expect(b.locator('#log')).not.toContainText('does nothing');
});
