// Reloading where a player meets it: a reload on the end screen puts the player back in their seat on the end screen
// (the summary checked against the record, the opponent's rematch request shown, Rematch working); a reload
// mid-practice gets back into the match against the computer; a private room's creator who reloads while waiting
// keeps the room and its invite, and the same room opened in a second tab moves the seat there (never to the other
// seat); and a room that is gone says so at once, with a way on (another practice match),
// instead of a spinner. The log's pinned receipts cover none of its lines.
import { type Browser, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { checkEndScreen } from './end-check.js';
import { concede, shot } from './helpers.js';
import { player, startMatch } from './match-setup.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ctxs: BrowserContext[] = [];
test.afterAll(async () => {
  for (const c of ctxs) await c.close();
});

/**
 * The log's lines that the commit receipts cover, with the log scrolled to its top, its middle and its end (each
 * line's visible part, clipped by the log's scroll box, against the receipts' box): none, wherever it is scrolled.
 */
async function linesUnderReceipts(p: Page): Promise<string[]> {
  return p.evaluate(async () => {
    const log = document.getElementById('log')!;
    const receipts = document.getElementById('receipts');
    if (!receipts) throw new Error('no receipts on the page');
    const covered: string[] = [];
    for (const at of [0, 0.5, 1]) {
      log.scrollTop = (log.scrollHeight - log.clientHeight) * at;
      await new Promise((r) => requestAnimationFrame(r));
      const box = log.getBoundingClientRect();
      const r = receipts.getBoundingClientRect();
      for (const line of log.children) {
        if (line === receipts) continue;
        const b = line.getBoundingClientRect();
        const top = Math.max(b.top, box.top);
        const bottom = Math.min(b.bottom, box.bottom);
        if (bottom > top && top < r.bottom && bottom > r.top) covered.push(`${at}: ${line.textContent}`);
      }
    }
    return covered;
  });
}

/** Scrolls the log to its middle (a reader looking back) for a screenshot. */
async function scrollLogToMiddle(p: Page): Promise<void> {
  await p.evaluate(() => {
    const log = document.getElementById('log')!;
    log.scrollTop = (log.scrollHeight - log.clientHeight) / 2;
  });
}

test('a reload on the end screen: back in the seat, the summary, the record, the rematch request, Rematch', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Ann', 'Ben'], { bViewport: PHONE });
  ctxs.push(...m.ctxs);
  const { a, b } = m;
  await a.setViewportSize(DESKTOP);
  // A round played, then Ben locks in round 2 and Ann concedes: the end has a record, a log and a receipt line.
  for (const p of [a, b]) {
    await p.locator('body').press('7');
    await p.click('#lock-in');
  }
  await driveUntil([a, b], inCommit(2));
  await b.locator('body').press('1');
  await b.click('#lock-in');
  await expect(a.locator('#opponent-lock .light.on')).toBeVisible();
  await concede(a);
  for (const p of [a, b]) await expect(p.locator('#end-screen')).toBeVisible();
  await expect(a.locator('#summary-box')).toBeVisible();
  const record = await a.locator('#download-record').getAttribute('data-record');
  expect(record).toBeTruthy();
  const receipts = await a.locator('#receipts').textContent();
  // Ben asks for the rematch; Ann's page shows it, then Ann reloads.
  await b.click('#rematch');
  await expect(a.locator('#rematch')).toHaveText('Accept rematch');
  await a.reload();

  await expect(a.locator('#end-screen')).toBeVisible();
  await expect(a.locator('#end-title')).toHaveText('Defeat');
  await expect(a.locator('#end-reason')).toHaveText('Ben wins by concession.');
  await expect(a.locator('#ship-cards section[data-seat="0"]')).toContainText('(you)');
  await expect(a.locator('#download-record')).toHaveAttribute('data-record', record!);
  await expect(a.locator('#rematch')).toHaveText('Accept rematch');
  await expect(a.locator('#rematch')).toBeEnabled();
  await expect(a.locator('#receipts')).toHaveText(receipts!);
  await checkEndScreen(a);
  // The log's pinned receipts cover none of its lines, however it is scrolled, on a laptop and on a phone.
  for (const p of [a, b]) expect(await linesUnderReceipts(p)).toEqual([]);
  await scrollLogToMiddle(a);
  await shot(a, 'end-reload-01-log-scrolled');
  await b.locator('#log').scrollIntoViewIfNeeded();
  await scrollLogToMiddle(b);
  await shot(b, 'end-reload-01-log-scrolled-phone');
  // Ben's page: Ann is back in the room (no "reconnecting" line left on his end screen).
  await expect(b.locator('#opponent-presence')).toHaveCount(0);
  await shot(a, 'end-reload-01-after-reload');
  await shot(b, 'end-reload-01-opponent-phone');
  await a.click('#rematch');
  for (const p of [a, b]) await expect(p.locator('#factions-screen')).toBeVisible();
});

test("the opponent's seat after the end: reconnecting (held for the rematch), back, then gone to the lobby", async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Cal', 'Dee']);
  ctxs.push(...m.ctxs);
  const { a, b } = m;
  await concede(b);
  for (const p of [a, b]) await expect(p.locator('#end-screen')).toBeVisible();
  await m.ctxs[1]!.setOffline(true);
  await expect(a.locator('#opponent-presence')).toHaveText('Dee is reconnecting: their seat is held for the rematch.');
  await expect(a.locator('#rematch')).toBeEnabled();
  await shot(a, 'end-reload-04-opponent-away');
  await m.ctxs[1]!.setOffline(false);
  await expect(a.locator('#opponent-presence')).toHaveCount(0);
  await expect(b.locator('#rematch')).toBeEnabled();
  await b.getByRole('button', { name: 'Lobby' }).click();
  await expect(a.locator('#opponent-presence')).toHaveText('Dee has left the room: no rematch here.');
  await expect(a.locator('#rematch')).toBeDisabled();
});

/** Kit (desktop) creates a private room and waits; Lux (a phone) has not come yet. The invite link too. */
async function waitingRoom(browser: Browser): Promise<{ a: Page; b: Page; link: string }> {
  const a = await player(browser, 'Kit', ctxs, { viewport: DESKTOP });
  const b = await player(browser, 'Lux', ctxs, { viewport: PHONE });
  await a.goto('/');
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  const link = await a.locator('#invite-link').inputValue();
  return { a, b, link };
}

test("a private room's creator reloads while waiting: the same room and invite link, and the invitee gets in", async ({
  browser,
}) => {
  const { a, b, link } = await waitingRoom(browser);
  await a.reload();
  await expect(a.locator('#invite-link')).toHaveValue(link);
  await shot(a, 'end-reload-05-waiting-after-reload');
  await b.goto(link);
  for (const p of [a, b]) await expect(p.locator('#factions-screen')).toBeVisible();
});

test("a private room's page opened twice (a duplicated tab, or a reload the server has not seen close): one seat", async ({
  browser,
}) => {
  const { a, b, link } = await waitingRoom(browser);
  // A duplicated tab carries the page's session storage, the seat's token with it, while the first tab is still open.
  const token = await a.evaluate(() => sessionStorage.getItem('star-eater.reconnect'));
  expect(token).toContain(new URL(link).hash.match(/#\/m\/([^?]+)/)![1]!);
  const twin = await a.context().newPage();
  await twin.addInitScript((t) => sessionStorage.setItem('star-eater.reconnect', t), token!);
  await twin.goto(link);
  // The twin is the creator, still waiting with the same invite link; the first tab is told its seat moved.
  await expect(twin.locator('#invite-link')).toHaveValue(link);
  await expect(a.locator('#connection-closed h2')).toHaveText('Your seat moved');
  await expect(a.locator('#closed-message')).toContainText('Carry on there');
  await expect(a.locator('#closed-rejoin')).toHaveCount(0);
  // The reason shows once, on the closed screen: no toast repeats the server's error under it.
  await expect(a.locator('.toast')).toHaveCount(0);
  await shot(a, 'end-reload-06-seat-moved');
  // The first tab, reloaded with its spent token, cannot take the other seat as its own opponent.
  await a.reload();
  await expect(a.getByText('Cannot join this match')).toBeVisible();
  await expect(a.locator('.bad')).toContainText('one player cannot play both sides');
  await b.goto(link);
  for (const p of [twin, b]) await expect(p.locator('#factions-screen')).toBeVisible();
  await expect(b.locator('#factions-screen')).toContainText('Kit');
  await expect(twin.locator('#factions-screen')).toContainText('Lux');
});

test('a practice match: a reload mid-draft and mid-round gets back in; on the end screen too; a room gone says so at once', async ({
  browser,
}) => {
  const a = await player(browser, 'Eve', ctxs, { viewport: DESKTOP });
  await a.goto('/');
  await a.click('#bot-easy');
  await expect(a.locator('#factions-screen')).toBeVisible();
  const roomId = new URL(a.url()).hash.match(/#\/m\/([^?]+)/)![1]!;
  await a.click('#faction-fpa');
  await expect(a.locator('#draft-screen')).toBeVisible();
  await a.reload();
  await expect(a.locator('#draft-screen')).toBeVisible();
  await expect(a.locator('#draft-screen')).toContainText('Computer (easy)');
  await driveUntil([a], inCommit(1));
  await a.reload();
  await expect(a.locator('#lock-in')).toBeVisible();
  await expect(a.locator('#commit-panel h3').first()).toContainText('Round 1 ');
  await expect(a.locator('#ship-cards section[data-seat="0"]')).toContainText('(you)');
  expect(await linesUnderReceipts(a)).toEqual([]);
  await shot(a, 'end-reload-02-practice-commit');

  await concede(a);
  await expect(a.locator('#end-screen')).toBeVisible();
  await a.reload();
  await expect(a.locator('#end-screen')).toBeVisible();
  await expect(a.locator('#summary-box')).toBeVisible();
  await checkEndScreen(a);
  await shot(a, 'end-reload-02-practice-end');

  // The player leaves for the lobby: the room goes (nobody is left in it). A page that still holds its seat's token
  // (a tab reloaded after the room closed) is told at once that the match has closed, and offered another one.
  const token = await a.evaluate(() => sessionStorage.getItem('star-eater.reconnect'));
  expect(token).toContain(roomId);
  await a.getByRole('button', { name: 'Lobby' }).click();
  await expect(a.locator('#play-computer')).toBeVisible();
  const raw = (JSON.parse(token!) as { token: string }).token.split(':')[1];
  const answer = () =>
    a.request.post(`/matchmake/reconnect/${roomId}`, { data: { reconnectionToken: raw } }).then((r) => r.status());
  await expect.poll(answer, { message: 'the room is gone (the server answers 410)' }).toBe(410);
  await a.evaluate((t) => sessionStorage.setItem('star-eater.reconnect', t), token!);
  await a.goto('about:blank');
  await a.goto(`/#/m/${roomId}`);
  await expect(a.locator('#connection-closed')).toBeVisible();
  await expect(a.locator('#connection-closed h2')).toHaveText('This match has closed');
  await expect(a.locator('#closed-message')).toContainText('no longer on the server');
  await expect(a.locator('#closed-next')).toHaveText('Play the computer again (easy)');
  await expect(a.locator('#closed-lobby')).toBeVisible();
  await shot(a, 'end-reload-03-gone');
  // Reloaded again: the same, at once.
  await a.reload();
  await expect(a.locator('#closed-next')).toHaveText('Play the computer again (easy)');
  await a.setViewportSize(PHONE);
  await shot(a, 'end-reload-03-gone-phone');
  await a.click('#closed-next');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await expect(a.locator('body')).toContainText('Computer (easy)');
});
