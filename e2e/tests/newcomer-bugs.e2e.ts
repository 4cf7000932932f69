// What a newcomer meets, each where a player meets it: the invitee is asked their name (remembered); a draft pick is selected,
// then confirmed or undone; munitions cannot go past the total and Confirm says why; every disabled button says why;
// the side panel fits a 1280×800 laptop; the end shows a summary with the replay and the record; a rematch's draft
// starts with no squadrons chosen; the replay's panels at the end are the match's; the replay plays by itself.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { player } from './match-setup.js';

test.describe.configure({ mode: 'serial' });

const ctxs: BrowserContext[] = [];
let a: Page; // creator, a 1280×800 laptop
let b: Page; // the invitee, no name yet
let recordId = '';
let finalCards = '';

test.afterAll(async () => {
  for (const x of ctxs.splice(0)) await x.close();
});

/** Disabled buttons on the page that do not say why (no title, no "unavailable" in their name). */
const silentDisabled = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button:disabled')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => !el.title.trim() && !/unavailable/.test(el.getAttribute('aria-label') ?? ''))
      .map((el) => el.id || el.textContent?.trim().slice(0, 30)),
  );

const cardsText = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll('#ship-cards section')]
      .map((s) => (s.textContent ?? '').replace('(you)', '').replace(/\s+/g, ' ').trim())
      .sort()
      .join(' | '),
  );

test('the invitee is asked their name, which is remembered', async ({ browser }) => {
  a = await player(browser, 'Ola', ctxs, { viewport: { width: 1280, height: 800 } });
  const ctx = await browser.newContext();
  ctxs.push(ctx);
  b = await ctx.newPage();
  await a.goto('/');
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  await b.goto(await a.locator('#invite-link').inputValue());
  await expect(b.locator('#ask-name')).toBeVisible();
  await shot(b, '50-ask-name');
  await b.fill('#invite-name', 'Noor');
  await b.click('#invite-join');
  await expect(a.locator('#factions-screen')).toBeVisible();
  expect(await b.evaluate(() => localStorage.getItem('star-eater.name'))).toBe('Noor');
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await expect(a.locator('#draft-screen')).toContainText('Noor');
});

test('a draft pick is selected, then undone or confirmed; disabled cards say why', async () => {
  const mover = (await a.locator('#pick-bar').isVisible()) ? a : b;
  const other = mover === a ? b : a;
  // A suggestion is pre-selected for a newcomer; Undo clears it, and nothing was sent.
  await expect(mover.locator('#pick-selected')).toContainText('Suggested: ');
  await mover.click('#undo-pick');
  await expect(mover.locator('#pick-selected')).toHaveText('Choose a card above.');
  await expect(mover.locator('#confirm-pick')).toBeDisabled();
  await expect(mover.locator('#confirm-pick')).toHaveAttribute('title', 'Choose a card first');
  const card = mover.locator('#draft-screen .slots .gcard:enabled').nth(1);
  const name = (await card.locator('.name').textContent())!.trim();
  await card.click();
  await expect(mover.locator('#pick-selected')).toContainText(`Selected: ${name}`);
  // Nothing is sent yet: the turn stays.
  await expect(mover.locator('#turn')).toHaveText('Your pick');
  await mover.click('#undo-pick');
  await expect(mover.locator('#pick-selected')).toHaveText('Choose a card above.');
  await card.click();
  await shot(mover, '51-pick-selected');
  await mover.click('#confirm-pick');
  await expect(mover.locator('#draft-screen')).toContainText(name);
  await expect(other.locator('#turn')).toHaveText('Your pick');
  for (const p of [a, b]) expect(await silentDisabled(p)).toEqual([]);
});

test('munitions stop at the total and at each capacity; Confirm says what is missing', async () => {
  await driveUntil([a, b], () => a.locator('#confirm-munitions').isVisible());
  // A legal placement is suggested; take every munition off to start from nothing.
  await expect(a.locator('#confirm-munitions')).toHaveText('Confirm (4/4)');
  for (let i = 1; i <= 3; i++) {
    const minus = a.getByRole('button', { name: `Fewer munitions on squadron ${i}` });
    for (let k = 0; k < 6 && (await minus.isEnabled()); k++) await minus.click();
  }
  await expect(a.locator('#confirm-munitions')).toBeDisabled();
  await expect(a.locator('#munitions-why')).toHaveText('Place 4 more munitions');
  expect(await silentDisabled(a)).toEqual([]);
  // Press every + as often as it lets itself be pressed.
  for (let i = 1; i <= 3; i++) {
    const plus = a.getByRole('button', { name: `More munitions on squadron ${i}` });
    for (let k = 0; k < 6 && (await plus.isEnabled()); k++) await plus.click();
  }
  await expect(a.locator('#confirm-munitions')).toHaveText('Confirm (4/4)');
  await expect(a.locator('#munitions-why')).toHaveCount(0);
  const plus3 = a.getByRole('button', { name: 'More munitions on squadron 3' });
  await expect(plus3).toBeDisabled();
  await expect(plus3).toHaveAttribute('title', /full|placed/);
  expect(await silentDisabled(a)).toEqual([]);
  await shot(a, '52-munitions-full');
  await a.click('#confirm-munitions');
  await driveUntil([a, b], inCommit(1));
});

test('the match at 1280×800: the side panel fits without scrolling; locked choices say why', async () => {
  const overflow = () =>
    a.evaluate(() => {
      const s = document.querySelector('.side-scroll') as HTMLElement;
      return s.scrollHeight - s.clientHeight;
    });
  await shot(a, '53-laptop-commit');
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await silentDisabled(a)).toEqual([]);
  await a.locator('body').press('1');
  await a.click('#lock-in');
  await expect(a.locator('#revise')).toBeVisible();
  expect(await silentDisabled(a)).toEqual([]);
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('the end: a summary with the replay and the record; a rematch draft starts with no squadrons chosen', async () => {
  // One whole round first, so that the replay has something to play.
  await b.locator('body').press('4');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  await b.click('#concede');
  await b.click('#concede-dialog-confirm');
  await expect(a.locator('#end-title')).toHaveText('Victory');
  await expect(a.locator('#match-summary')).toContainText('Damage dealt');
  await expect(a.locator('#watch-replay')).toBeVisible();
  await expect(a.locator('#download-record')).toBeVisible();
  await shot(a, '54-laptop-end');
  recordId = (await a.evaluate(
    () => (window as unknown as { __session: { state: { recordId: string } } }).__session.state.recordId,
  )) as string;
  // The end's patch takes the lock-in lights off the ship cards (they belong to a commitment window); the summary can
  // show a moment before it lands, so wait for the cards to settle before reading them.
  await expect(a.locator('#ship-cards .light')).toHaveCount(0);
  finalCards = await cardsText(a);
  await a.click('#rematch');
  await expect(a.locator('#rematch')).toHaveAttribute('title', /waiting for the opponent/);
  expect(await silentDisabled(a)).toEqual([]);
  await b.click('#rematch');
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  for (const p of [a, b]) await expect(p.locator('#draft-screen .squadrons h3')).toContainText('(0/3)');
});

test('the replay: the panels at the end are the match’s; Play plays it by itself and Pause stops it', async () => {
  await a.goto(`/#/replay/${recordId}`);
  const pos = a.locator('#replay-pos');
  await expect(pos).toHaveText(/event 0\//);
  await a.click('#replay-end');
  expect(await cardsText(a)).toBe(finalCards);
  await a.click('#replay-start');
  await expect(pos).toHaveText(/event 0\//);
  await a.click('#replay-play');
  await expect(a.locator('#replay-play')).toHaveText(/Pause/);
  await expect(pos).not.toHaveText(/event 0\//);
  await a.click('#replay-play');
  await expect(a.locator('#replay-play')).toHaveText(/Play/);
  const stopped = await pos.textContent();
  await a.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  await expect(pos).toHaveText(stopped!);
  await a.click('#replay-next');
  await expect(pos).not.toHaveText(stopped!);
  await shot(a, '55-replay-autoplay');
});
