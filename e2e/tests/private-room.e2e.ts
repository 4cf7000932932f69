// A private room from invite to replay: create, share the link, a second player takes the seat, a third person watches
// (and sees no commitment before both are locked in), a reload mid-round resumes the seat, and after the match the
// stored record steps in the replay viewer. Serial: the later tests continue the match the first one started.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { draftStep, driveUntil, inCommit } from './drive.js';
import { boardProblems } from './board-view.js';
import { clickIfEnabled, shot } from './helpers.js';
import { player } from './match-setup.js';

test.describe.configure({ mode: 'serial' });

const ctxs: BrowserContext[] = [];
let a: Page; // creator, seat 0
let b: Page; // opened the invite link, seat 1
let c: Page; // spectator through the same link
let link = '';
let recordId = ''; // this match's stored record, from the end screen

const page = (browser: Browser, name: string, opts: Parameters<Browser['newContext']>[0] = {}) =>
  player(browser, name, ctxs, opts);

test.afterAll(async () => {
  for (const c of ctxs.splice(0)) await c.close();
});

test('private room: create, copy the invite link, the second context plays a round, a spectator sees commitments only after both lock in', async ({
  browser,
  baseURL,
}) => {
  a = await page(browser, 'Cleo', { permissions: ['clipboard-read', 'clipboard-write'] });
  b = await page(browser, 'Dax', { viewport: { width: 390, height: 844 } }); // a phone
  c = await page(browser, 'Eve');
  await a.goto('/');
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/#\/m\/[^?]+\?invite=/);
  await a.click('#copy-invite');
  await expect(a.locator('#copy-invite')).toHaveText('Copied ✓');
  link = await a.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await a.locator('#invite-link').inputValue());
  expect(link.startsWith(baseURL!)).toBe(true);
  await shot(a, '20-private-waiting');

  await b.goto(link);
  await expect(a.locator('#factions-screen')).toBeVisible();
  await expect(b.locator('#factions-screen')).toBeVisible();
  await shot(b, '20-factions-phone');
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await expect(b.locator('#draft-screen')).toBeVisible();
  // Whoever picks first, bring the phone player to a pick of their own for the screenshot.
  if (await b.locator('#draft-wait').isVisible()) {
    await draftStep(a);
    await expect(b.locator('#draft-screen .gcard:enabled').first()).toBeVisible();
  }
  await shot(b, '20-draft-phone');
  await driveUntil([a, b], inCommit(1));
  await shot(b, '20-match-phone');

  // The third opener of the link finds the seats taken and watches.
  await c.goto(link);
  await expect(c.locator('#spectating')).toContainText('Spectating');
  await expect(c.locator('canvas.board-canvas')).toBeVisible();
  await expect(c.locator('#commit-panel')).toHaveCount(0);
  await expect(c.locator('#lock-in')).toHaveCount(0);
  await expect(c.locator('#match-status')).toContainText('Round 1 · players choose their orders');
  // One clock, the whose-turn line's: the status line under it does not repeat the seconds.
  await expect(c.locator('#whose-turn-clock')).toHaveText(/^\d+s$/);
  await expect(c.locator('.countdown:visible')).toHaveCount(1);

  await a.locator('body').press('1'); // engine N
  await clickIfEnabled(a, 'button.cc[data-card="fire-main"]');
  await a.click('#lock-in');
  // The spectator sees that Cleo is locked in, and nothing of what she chose.
  const cleo = c.locator('#ship-cards section[data-seat="0"]');
  const dax = c.locator('#ship-cards section[data-seat="1"]');
  await expect(cleo.locator('.light.on')).toBeVisible();
  await expect(dax.locator('.light.on')).toHaveCount(0);
  await expect(c.locator('#log')).not.toContainText('Commitments revealed');
  await expect(c.locator('#log')).not.toContainText('Fire Main');
  await expect(c.locator('main')).not.toContainText('engine N');
  await shot(c, '21-spectator-one-locked');
  await expect.poll(() => boardProblems(c)).toEqual([]);

  await b.locator('body').press('4'); // engine S
  await clickIfEnabled(b, 'button.cc[data-card="launch-squadron"]');
  await shot(b, '20-commit-chosen-phone');
  await b.click('#lock-in');
  // Both locked: the round resolves and the spectator's log reveals both commitments.
  await expect(c.locator('#log')).toContainText(
    /Commitments revealed: Cleo — engine N, Fire Main.*; Dax — engine S, Launch Squadron/,
  );
  await shot(c, '22-spectator-revealed');
  await driveUntil([a, b], inCommit(2));
  await expect(c.locator('#log')).toContainText('Cleanup'); // the spectator saw round 1 through
  await expect(c.locator('#spectating')).toContainText('1 watching');
});

test('a reload in mid-round resumes the seat, which can lock in; the match goes on', async () => {
  await a.locator('body').press('0'); // no thrust
  await a.click('#lock-in');
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
  // Dax reloads during the commitment window of round 2.
  await b.reload();
  await expect(b.locator('#commit-panel h3').first()).toContainText('Round 2 ');
  await expect(b.locator('#ship-cards section[data-seat="1"]')).toContainText('(you)');
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
  // The reloaded page's log has the round that resolved before the reload (the last completed round is kept).
  await expect(b.locator('#log')).toContainText('Round 1 begins');
  await expect(a.locator('#opponent-away')).toHaveCount(0);
  await shot(b, '23-reloaded-seat');
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(3));
  await expect(b.locator('#log')).toContainText('Round 2 begins');

  await a.click('#concede');
  // Asked in the page, not with the browser's confirm().
  await expect(a.locator('#concede-dialog')).toBeVisible();
  await a.click('#concede-dialog-confirm');
  await expect(a.locator('#end-title')).toHaveText('Defeat');
  await expect(b.locator('#end-title')).toHaveText('Victory');
  await expect(c.locator('#end-title')).toHaveText('Dax wins');
  // The record downloads from the end screen as a JSON file. A server process that has not seen the record's write
  // yet answers 404 (two such answers here, the server itself after them): the page asks again, not giving up.
  recordId = (await b.locator('#download-record').getAttribute('data-record')) ?? '';
  expect(recordId).not.toBe('');
  const asked: number[] = [];
  await b.route(`**/api/records/${recordId}`, (route) => {
    asked.push(asked.length);
    return asked.length <= 2 ? route.fulfill({ status: 404, json: { error: 'no record' } }) : route.fallback();
  });
  const [download] = await Promise.all([b.waitForEvent('download'), b.click('#download-record')]);
  expect(download.suggestedFilename()).toBe(`star-eater-${recordId}.json`);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { seed: string };
  await expect(b.locator('#seed-check')).toContainText(`seed ${saved.seed}`);
  expect(asked).toHaveLength(3);
  await expect(b.locator('#download-record')).toHaveText('Download record');
  // Any other failure is said at once, on the page.
  await b.unroute(`**/api/records/${recordId}`);
  await b.route(`**/api/records/${recordId}`, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
  await b.click('#download-record');
  await expect(b.locator('.toast.error')).toContainText('No download: the server answered 500');
  await b.unroute(`**/api/records/${recordId}`);
});

test('the replay viewer opens the finished match from the lobby, steps by event and by round, and opens a record file', async () => {
  await c.goto('/');
  // Found by its id: earlier files' matches between the same names may end (abandoned) after this one.
  const entry = c.locator('#replay-list li', {
    has: c.locator(`a[href="#/replay/${encodeURIComponent(recordId)}"]`),
  });
  await expect(entry).toContainText(/^Cleo \(FPA\) vs Dax \(Lamais\) · Dax won, \d+ rounds/);
  await entry.getByRole('link', { name: 'View' }).click();
  await expect(c).toHaveURL(/#\/replay\//);
  const pos = c.locator('#replay-pos');
  await expect(pos).toHaveText(/^Round 1\/\d+ · event 0\/\d+$/);
  const [, R, total] = (await pos.textContent())!.match(/Round 1\/(\d+) · event 0\/(\d+)/)!.map(Number) as [
    number,
    number,
    number,
  ];
  expect(R).toBeGreaterThanOrEqual(2);
  expect(total).toBeGreaterThan(20);
  const logLines = () => c.locator('#log > div').count();
  expect(await logLines()).toBe(0);

  await c.getByRole('button', { name: 'Next event' }).click();
  await expect(pos).toHaveText(`Round 1/${R} · event 1/${total}`);
  await c.getByRole('button', { name: 'Skip animations' }).click();
  await expect(c.locator('#log')).toContainText('Round 1 begins');
  await c.getByRole('button', { name: 'Next round' }).click();
  await expect(pos).toHaveText(new RegExp(`^Round 2/${R} · event \\d+/`));
  await c.getByRole('button', { name: 'Skip animations' }).click();
  await expect(c.locator('#log')).toContainText('Commitments revealed: Cleo — engine N, Fire Main');
  const r2 = Number((await pos.textContent())!.match(/event (\d+)\//)![1]);
  await c.getByRole('button', { name: 'Next event' }).click();
  await expect(pos).toHaveText(`Round 2/${R} · event ${r2 + 1}/${total}`);
  await c.getByRole('button', { name: 'Skip animations' }).click();
  await expect(c.locator('#log')).toContainText('Round 2 begins');
  const linesAt = await logLines();
  await shot(c, '24-replay-round2');
  await expect.poll(() => boardProblems(c)).toEqual([]);

  // Back by event: one event fewer, and the log is rebuilt up to there.
  await c.getByRole('button', { name: 'Previous event' }).click();
  await expect(pos).toHaveText(`Round 2/${R} · event ${r2}/${total}`);
  await expect.poll(logLines).toBeLessThan(linesAt);
  await expect(c.locator('#log')).not.toContainText('Round 2 begins');
  // Back by round: to the start of round 1, then forward to the end.
  await c.getByRole('button', { name: 'Previous round' }).click();
  await expect(pos).toHaveText(`Round 1/${R} · event 0/${total}`);
  await c.getByRole('button', { name: 'To the end' }).click();
  await expect(pos).toHaveText(`Round ${R}/${R} · event ${total}/${total}`);
  await expect(c.locator('#log')).toContainText('Round 2 begins');
  await expect(c.locator('#log')).toContainText('Dax wins (concede)');
  await shot(c, '25-replay-end');
  await expect.poll(() => boardProblems(c)).toEqual([]);

  // The same record opened from a file ("Open a record file…" in the lobby) replays the same events.
  const id = decodeURIComponent(c.url().split('#/replay/')[1]!);
  const record = await (await c.request.get(`/api/records/${encodeURIComponent(id)}`)).body();
  await c.goto('/');
  await c
    .locator('input[type=file]')
    .setInputFiles({ name: 'match.json', mimeType: 'application/json', buffer: record });
  await expect(c).toHaveURL(/#\/replay\/file$/);
  await expect(pos).toHaveText(`Round 1/${R} · event 0/${total}`);
  await c.getByRole('button', { name: 'To the end' }).click();
  await expect(c.locator('#log')).toContainText('Dax wins (concede)');
});
