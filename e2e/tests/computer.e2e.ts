// Play the computer, where a player meets it: the lobby's "Play the computer" with its three levels, a whole
// match against `easy` to the end screen (the computer's name shows its level; its lock-in lights up as a player's
// would), the end screen checked against the match's record (end-check.ts), and quick match's offer to play it after
// the wait, declined and accepted.
import { expect, test, type Page } from '@playwright/test';
import { decide, driveUntil, inCommit } from './drive.js';
import { checkEndScreen } from './end-check.js';
import { clickIfEnabled, setName, shot } from './helpers.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function page(browser: import('@playwright/test').Browser, name: string, viewport = DESKTOP): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  p.on('console', (m) => m.type() === 'error' && console.log(name, 'console', m.text()));
  await setName(p, name);
  return p;
}

/**
 * One round from this side: full speed ahead (DOUBLE) and fire the main weapon when it can, lock in, answer what is
 * asked; true once the match is over. The ship runs into the computer or off the board's edge (RULES §4.2: damage
 * each time), so the match ends within minutes whatever the computer does.
 */
async function playRound(p: Page): Promise<boolean> {
  if (await p.locator('#end-screen').isVisible()) return true;
  // The next window opens once this page has shown the round (animation first): skip the animation rather than wait it out.
  await clickIfEnabled(p, '#skip');
  if (await p.locator('#lock-in').isVisible()) {
    await p.locator('body').press('7');
    await clickIfEnabled(p, 'button.cc[data-card="fire-main"]');
    await clickIfEnabled(p, '#lock-in');
  }
  await decide(p);
  return p.locator('#end-screen').isVisible();
}

test('lobby → Play the computer (easy) → factions → draft → every round → the end screen', async ({ browser }) => {
  // A name with a hyphen, long enough to meet the tags on a phone's ship card.
  const a = await page(browser, 'Ada-Lovelace');
  await a.goto('/');
  const panel = a.locator('#play-computer');
  await expect(panel).toBeVisible();
  for (const level of ['easy', 'medium', 'hard'])
    await expect(panel.locator(`#bot-${level} .dim`)).toHaveText(/\w.+\.$/);
  await shot(a, 'computer-01-lobby');
  await a.setViewportSize(PHONE);
  await shot(a, 'computer-01-lobby-phone');
  await a.setViewportSize(DESKTOP);

  await a.click('#bot-easy');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await a.click('#faction-fpa');
  await expect(a.locator('#draft-screen')).toBeVisible();
  // The computer is named with its level and drafts like a player: its picks show as a player's.
  await expect(a.locator('#draft-screen')).toContainText('Computer (easy)');
  await shot(a, 'computer-02-draft');
  await driveUntil([a], inCommit(1));
  await expect(a.locator('#ship-cards')).toContainText('Computer (easy)');
  // Its lock-in comes after its short pause and lights up as a player's would.
  await expect(a.locator('#opponent-lock .light.on')).toBeVisible();
  await shot(a, 'computer-03-round1');

  let rounds = 0;
  while (!(await playRound(a))) {
    rounds += 1;
    if (rounds === 3) await shot(a, 'computer-04-mid-match');
    if (rounds > 200) throw new Error('the match against the computer did not end');
  }
  await expect(a.locator('#end-title')).toHaveText(/Victory|Defeat|Draw/);
  await expect(a.locator('#ship-cards')).toContainText('Computer (easy)');
  // The end against the match's record: final structure on the cards, the summary's numbers, nothing over the bar.
  await checkEndScreen(a);
  await shot(a, 'computer-05-end');
  await a.setViewportSize(PHONE);
  // On a phone the bar scrolls above the board: a glow along its bottom edge says more is below, gone at its end.
  const bar = a.locator('#end-overlay');
  const glow = () => bar.evaluate((o) => Number(getComputedStyle(o, '::after').opacity));
  expect(await bar.evaluate((o) => o.scrollHeight > o.clientHeight)).toBe(true);
  await bar.evaluate((o) => o.scrollTo(0, 0));
  await expect.poll(glow).toBeGreaterThan(0.9);
  await shot(a, 'computer-05-end-phone-more');
  await bar.evaluate((o) => o.scrollTo(0, o.scrollHeight));
  await expect.poll(glow).toBe(0);
  await checkEndScreen(a);
  await shot(a, 'computer-05-end-phone');
  // A rematch against the computer starts at once: it always agrees.
  await a.click('#rematch');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await a.context().close();
});

test('quick match alone: the offer to play the computer after the wait, declined, then accepted', async ({
  browser,
}) => {
  const a = await page(browser, 'Bex');
  await a.goto('/');
  await a.click('#quick-match');
  await expect(a.locator('#computer-offer')).toBeVisible({ timeout: 30_000 });
  await expect(a.locator('#computer-offer')).toContainText('play the computer instead');
  await shot(a, 'computer-06-offer');
  await a.click('#keep-waiting');
  await expect(a.locator('#computer-offer')).toHaveCount(0);
  await expect(a.locator('#still-waiting')).toBeVisible();
  await a.click('#leave');
  await a.setViewportSize(PHONE);
  await a.click('#quick-match');
  await expect(a.locator('#computer-offer')).toBeVisible({ timeout: 30_000 });
  await shot(a, 'computer-07-offer-phone');
  await a.click('#computer-offer #bot-medium');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await expect(a.locator('body')).toContainText('Computer (medium)');
  await a.context().close();
});
