// A commitment card's parameters come from the engine's list of its legal plays: choosing Squadron
// Maintenance offers every listed allocation (one munition, two, or a repair — never none), and the choice locks in
// and resolves. Cleo (FPA) also sees Emergency Repairs offer the four sections with their armour.
import { expect, test } from '@playwright/test';
import { shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('Squadron Maintenance and Emergency Repairs offer the listed plays, and the chosen one is played', async ({
  browser,
}) => {
  m = await startMatch(browser, ['Cleo', 'Dax']);
  const { a, b } = m;
  await b.locator('body').press('0');
  await b.click('button.cc[data-card="squadron-maintenance"]');
  const maintenance = b.locator('select[aria-label="Maintenance"]');
  await expect(maintenance).toBeVisible();
  const options = await maintenance.locator('option').allTextContents();
  // three single munitions, six pairs (each pair once), three repairs: the engine's list
  expect(options).toHaveLength(12);
  expect(options.filter((o) => o.startsWith('+1 munition: squadron '))).toHaveLength(3);
  expect(options.filter((o) => o.startsWith('repair squadron '))).toHaveLength(3);
  expect(options.some((o) => o === '' || o.includes('—'))).toBe(false);
  const two = options.find((o) => o.startsWith('+2 munitions: squadron 1'))!;
  await maintenance.selectOption({ label: two });
  await shot(b, '60-maintenance-plays');

  await a.locator('body').press('0');
  await a.click('button.cc[data-card="special-ability"]');
  const repairs = a.locator('select[aria-label="Emergency Repairs"]');
  await expect(repairs.locator('option')).toHaveText([/^bow \(/, /^core \(/, /^port \(/, /^starboard \(/]);
  await shot(a, '61-repairs-plays');

  await a.click('#lock-in');
  await b.click('#lock-in');
  // the round resolves with the chosen plays: the reveal in the log names them
  await expect(b.locator('#log')).toContainText('Squadron Maintenance (munitions to 1, 1)', { timeout: 30_000 });
  await expect(b.locator('#log')).toContainText('Special Ability (bow)');
});
