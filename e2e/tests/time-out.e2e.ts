// Time is never lost in silence (RULES §7 timers): ten seconds before a timer that waits for a player runs out, that
// player's page warns, seen and heard; when it runs out, the page says what the default did, as a notice and in the
// log. One test per timer kind: a draft pick, the commitment window (on a phone), a fighter prompt; and a warning
// answered in time is taken back. The room's clock is driven (room-clock.ts): nothing waits for real seconds.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { seatBoth, startMatch } from './match-setup.js';
import { advanceRoomClock, pageSecondsLeft, roomIdOf, sounds } from './room-clock.js';

const PHONE = { width: 390, height: 844 };
let ctxs: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of ctxs) await c.close();
  ctxs = [];
});

const notice = (p: Page, text: string | RegExp) => p.locator('#toasts .toast.warn', { hasText: text });

/** The page is warned at ten seconds left: a notice, and the warning sound. */
async function expectWarned(p: Page, what: string): Promise<void> {
  await expect(notice(p, `10 seconds left ${what}.`)).toBeVisible();
  expect(await sounds(p)).toContain('warning');
}

test('a draft pick left to run out: warned at 10 s, then told the first card was picked for you', async ({
  browser,
}) => {
  const m = await seatBoth(browser, ['Ivo', 'Jun']);
  ctxs = m.ctxs;
  const { a, b } = m;
  await expect(a.locator('#draft-screen')).toBeVisible();
  const mover = (await a.locator('#turn.you').isVisible()) ? a : b;
  const other = mover === a ? b : a;
  const deadline = await pageSecondsLeft(mover, 10);
  await expectWarned(mover, 'to make your choice');
  await shot(mover, 'time-warning-draft');
  // The other seat's clock is not its own: no warning there, even at the same moment.
  await pageSecondsLeft(other, 10);
  await expect(other.locator('#turn')).not.toHaveText('Your pick');
  expect(await sounds(other)).not.toContain('warning');

  await advanceRoomClock(await roomIdOf(mover), deadline - Date.now() + 1000);
  await expect(notice(mover, 'Time ran out: the first card on offer was picked for you.')).toBeVisible();
  await expect(notice(other, /Time ran out/)).toHaveCount(0);
  await expect(other.locator('#turn')).toHaveText('Your pick');
});

test('orders left to run out, on a phone: warned at 10 s, then told the ship drifts with no new orders', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Kai', 'Lea'], { bViewport: PHONE });
  ctxs = m.ctxs;
  const { a, b } = m;
  await a.locator('body').press('0');
  await a.click('#lock-in');
  const deadline = await pageSecondsLeft(b, 10);
  await expectWarned(b, 'to lock in your orders');
  await expect(notice(b, '10 seconds left')).toBeInViewport();
  await shot(b, 'time-warning-orders-phone');
  // Locked in: the timer no longer waits for Kai, who is never warned.
  await pageSecondsLeft(a, 5);
  expect(await sounds(a)).not.toContain('warning');

  await advanceRoomClock(await roomIdOf(b), deadline - Date.now() + 1000);
  const told = 'Time ran out: your ship drifts with no new orders.';
  await expect(notice(b, told)).toBeInViewport();
  await expect(notice(b, '10 seconds left')).toHaveCount(0); // the notice of what happened replaces the warning
  await expect(b.locator('#log')).toContainText(told);
  await shot(b, 'time-out-orders-phone');
  await expect(a.locator('#log')).not.toContainText('Time ran out');
});

test('orders locked in after the warning: the warning is taken back, and nothing is said to have run out', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Mae', 'Ned']);
  ctxs = m.ctxs;
  const { a } = m;
  await pageSecondsLeft(a, 10);
  await expectWarned(a, 'to lock in your orders');
  // The notice's own expiry is stopped: from here only the page taking the warning back removes it.
  await notice(a, '10 seconds left').evaluate((t) => clearTimeout(Number((t as HTMLElement).dataset.timer)));
  await a.click('#lock-in');
  await expect(a.locator('#countdown')).toHaveText('10s');
  await expect(notice(a, '10 seconds left')).toHaveCount(0);
  await expect(notice(a, /Time ran out/)).toHaveCount(0);
  await shot(a, 'time-warning-taken-back');
});

/**
 * Two players' round 1: each page plays its orders (an engine, maybe a card) and locks in; then the prompt `who` is
 * asked shows, saying `asks`.
 */
async function promptAfter(
  orders: [Page, string, string | null][],
  who: Page,
  asks: string,
): Promise<ReturnType<Page['locator']>> {
  for (const [p, engine, card] of orders) {
    await p.click(`button[data-engine="${engine}"]`);
    if (card) await p.click(`button.cc[data-card="${card}"]`);
    await p.click('#lock-in');
  }
  const panel = who.locator('#decision-panel');
  await expect(panel).toContainText(asks);
  return panel;
}

/**
 * Lets the prompt open on `p` run out: warned at 10 s, then told `told` as a notice and in the log, and the panel
 * goes; the other page `other` is told nothing. Screenshots `time-warning-<name>` and `time-out-<name>`.
 */
async function runOut(p: Page, other: Page, name: string, told: string): Promise<void> {
  const deadline = await pageSecondsLeft(p, 10);
  await expectWarned(p, 'to answer');
  await shot(p, `time-warning-${name}`);
  await advanceRoomClock(await roomIdOf(p), deadline - Date.now() + 1000);
  await expect(notice(p, told)).toBeVisible();
  await expect(p.locator('#log')).toContainText(told);
  await expect(p.locator('#decision-panel')).toHaveCount(0);
  await shot(p, `time-out-${name}`);
  await expect(other.locator('#log')).not.toContainText('Time ran out');
}

test('a fighter prompt left to run out: warned at 10 s, then told you passed this activation', async ({ browser }) => {
  const m = await startMatch(browser, ['Max', 'Nia']);
  ctxs = m.ctxs;
  const { a, b } = m;
  await promptAfter(
    [
      [a, 'NONE', null],
      [b, 'NONE', 'launch-squadron'],
    ],
    b,
    'Fighter phase',
  );
  await runOut(b, a, 'fighter', 'Time ran out: you passed this activation.');
  await driveUntil([a, b], inCommit(2));
});

test('a direct-fire prompt left to run out: warned at 10 s, then told the weapon fired at the likeliest target', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Ora', 'Pax'], { picks: ['lamais-siege-battery'] });
  ctxs = m.ctxs;
  const { a, b } = m;
  // Both warships close in: Pax's Siege Battery (range 5, AOE 1, front arc) then reaches Ora's bow.
  const panel = await promptAfter(
    [
      [a, 'N', null],
      [b, 'S', 'fire-main'],
    ],
    b,
    'Choose a target for Siege Battery',
  );
  const likeliest = (await panel.locator('.options button').first().textContent()) ?? '';
  const where = /^Blast (\d+ hexes? at \d+ o'clock), catching Ora's /.exec(likeliest)?.[1];
  expect(where, likeliest).toBeDefined();
  await runOut(b, a, 'direct-fire', 'Time ran out: your weapon fired at the likeliest target.');
  // RULES §7: the likeliest target (the list's first) is where the weapon fired.
  await expect(b.locator('#log')).toContainText(`Siege Battery fires a blast ${where}:`);
  await driveUntil([a, b], inCommit(2));
});

test('a point-defence prompt left to run out, nothing in reach: warned, then told it fired at the nearest hex', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Quy', 'Rex'], { picks: ['fpa-flak-screen'] });
  ctxs = m.ctxs;
  const { a, b } = m;
  // Quy's Flak Screen (AOE 1) may aim at any hex in range: with no squadron or torpedo out there is nothing to hit.
  const panel = await promptAfter(
    [
      [a, 'NONE', 'defence-stations'],
      [b, 'NONE', null],
    ],
    a,
    'Point defence shot 1 of 1 (Flak Screen)',
  );
  await expect(panel.locator('#hold-fire')).toBeVisible();
  // RULES §7: the nearest hex in the engine's order; no die is rolled there.
  await runOut(
    a,
    b,
    'point-defence',
    'Time ran out: your point defence fired at the nearest hex, with nothing in reach.',
  );
  await expect(a.locator('#log')).toContainText(
    /point defence fires a blast \d+ hexe?s? at \d+ o'clock: nothing in the area\./,
  );
  await driveUntil([a, b], inCommit(2));
});
