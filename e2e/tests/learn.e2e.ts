// Learning the game: the "How to play" page (rules, pictures drawn by the board's renderer, the glossary), reached
// from the lobby; the interactive tutorial played from the lobby to its end with the real controls, resumed after a
// reload, with a wrong answer corrected by a hint.
import { expect, test, type Page } from '@playwright/test';
import { clickHex, highlighted, setName, shot } from './helpers.js';

const lock = async (p: Page, keys: string[]) => {
  for (const k of keys) await p.locator('body').press(k);
  await p.click('#lock-in');
};

test('how to play: the rules in sections, five pictures on the board renderer, the glossary', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setName(page, 'Reader');
  await page.goto('/');
  await page.click('#lobby-learn');
  await expect(page.locator('#learn-page h1')).toHaveText('How to play Star Eater');
  const titles = ['The goal', 'Factions', 'The draft', 'A round', 'Momentum', 'Turning', 'Firing arcs', 'Weapons'];
  for (const title of [...titles, 'Damage', 'Fighters', 'Cooldown', 'Timers'])
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  for (const id of ['fig-arcs', 'fig-momentum', 'fig-turning', 'fig-collision', 'fig-fighters'])
    await expect(page.locator(`#${id} canvas.board-canvas`)).toHaveCount(1);
  await expect(page.locator('#fig-arcs figcaption')).toContainText('bullseye');
  // Written for players: the factions and cards by the content's names, no rulebook section numbers.
  const page1 = page.locator('#learn-page');
  await expect(page1).not.toContainText('RULES');
  await expect(page1).not.toContainText('§');
  for (const [id, words] of [
    ['factions', ['FPA', 'Lamais', 'Emergency Repairs', 'Capacitor Dump']],
    ['draft', ['Swap step', 'munitions']],
    ['turning', ['CW', 'turns 60°']],
    ['weapons', ['Lasers', 'Projectiles', 'Torpedoes', 'Direct fire', 'AOE', 'Point defence', 'Heavy Lance']],
    ['fighters', ['Launch', 'first move', 'Recall']],
  ] as const)
    for (const w of words) await expect(page.locator(`#learn-${id}`)).toContainText(w);
  await expect(page.locator('#learn-goal')).toContainText('as it looks on your screen');
  await page.locator('#learn-weapons').scrollIntoViewIfNeeded();
  await shot(page, '60-learn-weapons');
  await page.locator('#fig-turning').scrollIntoViewIfNeeded();
  await shot(page, '60-learn-turning');
  await page.locator('#fig-fighters').scrollIntoViewIfNeeded();
  await shot(page, '60-learn-fighters');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#learn-factions').scrollIntoViewIfNeeded();
  await shot(page, '60-learn-phone-factions');
  await page.setViewportSize({ width: 1280, height: 800 });
  const glossary = page.locator('#glossary');
  for (const term of ['S1, S2, S3', 'PD (point defence)', 'B C P S', 'd12 > 6 + eva − acc', 'cd N / ✓', '★'])
    await expect(glossary.getByRole('rowheader', { name: term, exact: true })).toBeVisible();
  await page.locator('#fig-momentum').scrollIntoViewIfNeeded();
  await shot(page, '60-learn-momentum');
  await page.locator('#learn-glossary').scrollIntoViewIfNeeded();
  await shot(page, '61-learn-glossary');
  await page.click('#how-to-play');
  await expect(page.locator('#learn-page')).toBeVisible();
});

/** Each commitment card's "what this does" line is shown whole: not clipped, not overflowing its card. */
const helpLinesWhole = async (p: Page) => {
  const help = p.locator('button.cc .help');
  expect(await help.count()).toBeGreaterThan(4);
  const cut = await help.evaluateAll((els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const card = el.closest('button')!.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || r.right > card.right + 1 || r.bottom > card.bottom + 1;
      })
      .map((el) => el.textContent),
  );
  expect(cut, 'help lines cut off').toEqual([]);
  await expect(p.locator('button.cc[data-card="fire-main"] .help')).toContainText('Heavy Lance');
};

/** Picks the direct-fire option that reaches the target (its line names it) and checks the roll is logged. */
const aimAtTarget = async (p: Page) => {
  const panel = p.locator('#decision-panel');
  await expect(panel).toContainText('Choose a target');
  await expect(p.locator('#prompt-help')).toContainText('a miss still cools it down');
  const option = panel.locator('button[data-option]', { hasText: 'Target' }).first();
  await expect(option).toContainText(/%|hits expected/);
  await shot(p, '67-tutorial-direct-fire-prompt');
  await option.click();
};

/**
 * 10 · The draft, on the real draft screen: the suggested picks confirmed, a swap made in the swap step, munitions
 * placed; the target's picks appear beside yours as it answers.
 */
const draftLesson = async (p: Page) => {
  await expect(p.locator('#lesson-title')).toHaveText('10 · The draft');
  await expect(p.locator('#pick-selected')).toContainText('Suggested:');
  await shot(p, '70-tutorial-draft');
  for (let i = 0; i < 4; i++) await p.click('#confirm-pick');
  await p.click('#confirm-squadrons');
  const target = p.locator('.picks section[data-seat="1"]');
  await expect(target).not.toContainText('—');
  // The swap step: the main weapon held is greyed out; the other one is taken instead.
  await expect(p.locator('#skip-swap')).toBeVisible();
  const mainCards = p.locator('#draft-screen section.slot').first().locator('.gcard');
  await mainCards.and(p.locator(':enabled')).first().click();
  await p.click('#confirm-pick');
  const confirm = p.locator('#confirm-munitions');
  await expect(confirm).toBeVisible();
  for (let i = 0; i < 12 && (await confirm.isDisabled()); i++) {
    const more = p.getByRole('button', { name: `More munitions on squadron ${(i % 3) + 1}` });
    if (await more.isEnabled()) await more.click();
  }
  await shot(p, '70-tutorial-draft-munitions');
  await confirm.click();
  await expect(p.locator('#lesson-hint')).toContainText('Your warship is built');
  await expect(p.locator('#draft-done')).toBeVisible();
  await expect(p.locator('.picks section[data-seat="0"]')).toContainText('Munitions');
  await shot(p, '70-tutorial-draft-done');
};

test('the tutorial: ten lessons from the lobby to the end, a hint for a wrong order, resumed after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setName(page, 'Rookie');
  await page.goto('/');
  await page.click('#lobby-tutorial');
  // 1 · Orders
  await expect(page.locator('#lesson-title')).toHaveText('1 · Orders');
  await helpLinesWhole(page);
  await shot(page, '62-tutorial-lesson1');
  await lock(page, ['1']);
  await page.click('#lesson-next');
  // 2 · Momentum: a wrong order first.
  await expect(page.locator('#lesson-title')).toHaveText('2 · Momentum');
  await lock(page, ['1']);
  await expect(page.locator('#lesson-hint')).toContainText('S is opposite your N arrow');
  await lock(page, ['4']);
  await expect(page.locator('#lesson-hint')).toContainText('S cancelled N');
  await page.click('#lesson-next');
  // Resumable: a reload comes back to lesson 3. Turning: firing without the turn is caught first.
  await page.reload();
  await expect(page.locator('#lesson-title')).toHaveText('3 · Turning');
  await lock(page, ['q']);
  await expect(page.locator('#lesson-hint')).toContainText('engine CW');
  // The orders stay as they were after a hint (Fire Main still chosen): only the engine changes.
  await lock(page, ['8']);
  await expect(page.locator('#lesson-hint')).toContainText('You turned to face north-east and the beam hit');
  await expect(page.locator('#log')).toContainText('rotates clockwise');
  await shot(page, '66-tutorial-turning');
  await page.click('#lesson-next');
  // Each lesson's orders panel takes keys once it is on the page, with the lesson's title (mount() adds both after
  // the board is built): a key pressed before that would be lost.
  await expect(page.locator('#lesson-title')).toHaveText('4 · Firing arcs');
  await lock(page, ['q', '0']);
  await expect(page.locator('#lesson-hint')).toContainText('The beam hit');
  await expect(page.locator('#log')).toContainText('Heavy Lance');
  await page.click('#lesson-next');
  await expect(page.locator('#lesson-title')).toHaveText('5 · Damage');
  await lock(page, ['q', '0']);
  await expect(page.locator('#lesson-hint')).toContainText('structure');
  await page.click('#lesson-next');
  // 6 · Aimed direct fire: the target picked from the list, with its odds.
  await expect(page.locator('#lesson-title')).toHaveText('6 · Aimed direct fire');
  await lock(page, ['e', '0']);
  await aimAtTarget(page);
  await expect(page.locator('#lesson-hint')).toContainText('The log shows the roll');
  await expect(page.locator('#log')).toContainText('d12');
  await shot(page, '67-tutorial-direct-fire');
  await page.click('#lesson-next');
  // 7 · Torpedoes: aft is caught, fore hits.
  await expect(page.locator('#lesson-title')).toHaveText('7 · Torpedoes');
  await page.locator('body').press('e');
  const aim = page.getByLabel('Starboard Broadside aim');
  await aim.selectOption({ label: 'aft' });
  await lock(page, ['0']);
  await expect(page.locator('#lesson-hint')).toContainText('aimed fore');
  await aim.selectOption({ label: 'fore' });
  await page.click('#lock-in');
  await expect(page.locator('#lesson-hint')).toContainText('The torpedo turned towards the target and hit it');
  await shot(page, '68-tutorial-torpedoes');
  await page.click('#lesson-next');
  // 8 · Fighters: launch on the board.
  await expect(page.locator('#lesson-title')).toHaveText('8 · Fighters');
  await lock(page, ['r']);
  const panel = page.locator('#decision-panel');
  await expect(panel).toContainText('Fighter phase');
  await panel.locator('button[data-mode="launch"]').first().click();
  const launch = await highlighted(page, 'launch');
  expect(launch.length).toBeGreaterThan(0);
  await clickHex(page, launch[0]!);
  await page.click('#fighter-confirm');
  await expect(page.locator('#lesson-hint')).toContainText('Your squadron is out');
  await page.click('#lesson-next');
  // 9 · Cooldown: Fire Main alone is greyed out until Vent Coolant is chosen with it.
  await expect(page.locator('#lesson-title')).toHaveText('9 · Cooldown');
  await expect(page.locator('button.cc[data-card="fire-main"]')).toBeDisabled();
  await lock(page, ['y', 'q']);
  await expect(page.locator('#lesson-hint')).toContainText('Vent Coolant cleared the token');
  await shot(page, '63-tutorial-lesson6');
  await page.click('#lesson-next');
  await draftLesson(page);
  await page.click('#lesson-next');
  await expect(page.locator('#tutorial-done h1')).toHaveText('Tutorial complete');
  await page.reload();
  await expect(page.locator('#tutorial-done')).toBeVisible();
  await page.click('#tutorial-restart');
  await expect(page.locator('#lesson-title')).toHaveText('1 · Orders');
  await page.click('#tutorial-quit');
  await expect(page.locator('#quick-match')).toBeVisible();
});

test('the new lessons on a phone, by taps: turning, aimed direct fire, torpedoes, the draft', async ({ browser }) => {
  const ctx = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await setName(page, 'Thumbs');
  // Start at lesson 3 (the tutorial resumes where this device left off).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('star-eater.tutorial', '2');
    sessionStorage.setItem('seeded', '1');
  });
  await page.goto('/#/tutorial');
  const tap = (sel: string) => page.locator(sel).tap();
  await expect(page.locator('#lesson-title')).toHaveText('3 · Turning');
  await helpLinesWhole(page);
  await shot(page, '69-phone-turning');
  await page.getByRole('button', { name: /Engine CW/ }).tap();
  await tap('button.cc[data-card="fire-main"]');
  await tap('#lock-in');
  await expect(page.locator('#lesson-hint')).toContainText('You turned to face north-east');
  await tap('#lesson-next');
  await tap('#lesson-skip');
  await tap('#lesson-skip');
  await expect(page.locator('#lesson-title')).toHaveText('6 · Aimed direct fire');
  await shot(page, '69-phone-direct-fire');
  await tap('button.cc[data-card="starboard-broadside"]');
  await page.getByRole('button', { name: /Engine NONE/ }).tap();
  await tap('#lock-in');
  const option = page.locator('#decision-panel button[data-option]', { hasText: 'Target' }).first();
  await expect(option).toContainText(/%|hits expected/);
  await shot(page, '69-phone-direct-fire-prompt');
  await option.tap();
  await expect(page.locator('#lesson-hint')).toContainText('The log shows the roll');
  await tap('#lesson-next');
  await expect(page.locator('#lesson-title')).toHaveText('7 · Torpedoes');
  await tap('button.cc[data-card="starboard-broadside"]');
  await page.getByRole('button', { name: /Engine NONE/ }).tap();
  await tap('#lock-in');
  await expect(page.locator('#lesson-hint')).toContainText('The torpedo turned towards the target and hit it');
  await shot(page, '69-phone-torpedoes');
  await tap('#lesson-next');
  await tap('#lesson-skip');
  await tap('#lesson-skip');
  await expect(page.locator('#lesson-title')).toHaveText('10 · The draft');
  await shot(page, '69-phone-draft');
  await tap('#confirm-pick');
  await expect(page.locator('.picks section[data-seat="0"] dd').first()).not.toHaveText('—');
  await ctx.close();
});

test('board pieces say what they are: on hover with a mouse, on a tap on a touch screen', async ({ browser }) => {
  type P = { x: number; y: number };
  const corePoint = (p: Page) =>
    p.evaluate(() => {
      const mv = (
        window as unknown as {
          __board: { view: { pagePoint(h: unknown): P | null }; board: { model: { ships: { core: unknown }[] } } };
        }
      ).__board;
      return mv.view.pagePoint(mv.board.model.ships[0]!.core);
    });
  // The canvas shows before the view's first layout, and a point has no place on the page until it (view.ts).
  const shipPoint = async (p: Page): Promise<P> => {
    let pt: P | null = null;
    await expect.poll(async () => (pt = await corePoint(p))).not.toBeNull();
    return pt!;
  };
  const desk = await browser.newPage();
  await desk.goto('/#/demo');
  await expect(desk.locator('canvas.board-canvas')).toBeVisible();
  const pt = await shipPoint(desk);
  await desk.mouse.move(pt.x, pt.y);
  await expect(desk.locator('#tip')).toBeVisible();
  await expect(desk.locator('#tip')).toContainText(/warship, core: armour \d+\/\d+, structure \d+\/\d+/);
  await shot(desk, '64-tooltip-hover');
  await desk.close();
  const ctx = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const phone = await ctx.newPage();
  await phone.goto('/#/demo');
  await expect(phone.locator('canvas.board-canvas')).toBeVisible();
  const p2 = await shipPoint(phone);
  await phone.touchscreen.tap(p2.x, p2.y);
  await expect(phone.locator('#tip')).toBeVisible();
  await expect(phone.locator('#tip')).toContainText('warship');
  await shot(phone, '65-tooltip-tap');
  await ctx.close();
});
