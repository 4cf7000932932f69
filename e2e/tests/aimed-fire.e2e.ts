// Direct-fire targeting as a player meets it (the tutorial's aimed-fire lesson, a live DecisionPanel on the engine's
// own prompt for an AOE broadside): the real targets first, likeliest first, each with its odds; hexes named by what
// they catch and where they lie, never by coordinates; Hold fire where an empty hex is legal; a button points its hex
// out on the board; the log names the hex the shot landed on as the button did. At 1280×800 and on a 390×844 phone.
import { expect, test } from '@playwright/test';
import { setName, shot } from './helpers.js';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${name}: the aimed-fire prompt lists the real target first with its odds, no coordinates`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await setName(page, 'Rookie');
    await page.goto('/#/tutorial');
    const title = page.locator('#lesson-title');
    await expect(title).toHaveText('1 · Orders');
    for (let i = 0; i < 12 && !(await title.textContent())?.includes('Aimed direct fire'); i++) {
      const was = await title.textContent();
      await page.click('#lesson-skip');
      await expect(title).not.toHaveText(was!);
    }
    await expect(title).toHaveText(/Aimed direct fire/);
    await page.locator('body').press('e');
    await page.locator('body').press('0');
    await page.click('#lock-in');
    const panel = page.locator('#decision-panel');
    const options = panel.locator('.options button');
    await expect(options.first()).toBeVisible();
    const texts = await options.allTextContents();
    for (const t of texts) expect(t).not.toMatch(/\(\d+, ?-?\d+\)/);
    expect(texts[0]).toMatch(/catching Target's .+ · (\d+% to hit|\d\.\d hits expected)$/);
    expect(texts.filter((t) => t.includes('0% to hit'))).toEqual([]);
    // Pointing at a button shows its hex on the board.
    await options.first().hover();
    expect(
      await page.evaluate(() => (window as unknown as { __board: { board: { hover: unknown } } }).__board.board.hover),
    ).not.toBeNull();
    await shot(page, `aimed-fire-${name}`);
    const where = /^Blast (\d+ hexes? at \d+ o'clock),/.exec(texts[0]!)?.[1];
    expect(where, texts[0]).toBeDefined();
    await options.first().click();
    const log = page.locator('#log');
    await expect(log).toContainText(`Flak Batteries fire a blast ${where}:`);
    expect(await log.textContent()).not.toMatch(/hex \(?-?\d+, ?-?\d+\)?/);
    await shot(page, `aimed-fire-log-${name}`);
    await ctx.close();
  });
}
