// Reviewing a finished match: the timeline (slider, round list), "What if" at a round with another engine setting
// (resolved by the engine in the page with the match's own dice), its link, a bad link, and the computer's advice.
import { expect, test, type Page } from '@playwright/test';
import {
  ENGINE_SETTINGS,
  parseRecord,
  resolveBranch,
  roundAnswers,
  stateBeforeRound,
  type Commitment,
  type Hex,
  type MatchRecord,
  type MatchState,
} from '../../packages/engine/src/index.js';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';

const ID = 'review-sim';

async function record(page: Page): Promise<MatchRecord> {
  const r = parseRecord(await (await page.request.get(`/api/records/${ID}`)).json());
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Seat 0's core on the page's board. */
const core0 = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __board: { board: { model: { ships: { core: Hex }[] } } } }).__board.board.model.ships[0]!
        .core,
  );

/** An engine setting for seat 0 at round `n` (0-based) that ends its warship elsewhere, where, and the branch's end. */
function changedEngine(rec: MatchRecord, n: number): { engine: string; core: Hex; real: Hex; end: MatchState } {
  const start = stateBeforeRound(rec, n);
  if (!start.ok) throw new Error(start.error.message);
  const real = rec.rounds[n]!.commitments as [Commitment, Commitment];
  const answers = roundAnswers(start.value, real, rec.rounds[n]!.decisions);
  const realEnd = resolveBranch(start.value, real, answers).state.ships[0].core;
  for (const engine of ENGINE_SETTINGS) {
    const b = resolveBranch(start.value, [{ ...real[0], engine }, real[1]], answers);
    const core = b.state.ships[0].core;
    if (core.q !== realEnd.q || core.r !== realEnd.r) return { engine, core, real: realEnd, end: b.state };
  }
  throw new Error('no engine setting moves seat 0 elsewhere in this round');
}

test('the replay timeline jumps by slider and by round list', async ({ page }) => {
  const rec = await record(page);
  const R = rec.rounds.length;
  await page.goto(`/#/replay/${ID}`);
  const pos = page.locator('#replay-pos');
  await expect(pos).toContainText(`Round 1/${R} ·`);
  await page.locator('#replay-slider').fill('4');
  await expect(pos).toContainText(`Round 5/${R} ·`);
  await expect(page.locator('#replay-round-5')).toHaveText(/Round 5 .+: .+ · .+: /);
  await page.locator('#replay-round-2').click();
  await expect(pos).toContainText(`Round 2/${R} ·`);
  await expect(page.locator('#replay-slider')).toHaveValue('1');
  await shot(page, '40-replay-timeline');
});

test('what if at round 3 with another engine setting: a different end, a diff, and a link that reopens it', async ({
  page,
}) => {
  const rec = await record(page);
  const want = changedEngine(rec, 2);
  await page.goto(`/#/replay/${ID}`);
  await page.locator('#replay-round-3').click();
  await page.getByRole('button', { name: 'What if… (this round)' }).click();
  await expect(page.locator('#whatif')).toContainText('What if… from round 3');
  await expect(page.locator('#whatif-0-engine')).toHaveValue(rec.rounds[2]!.commitments[0].engine);
  await page.locator('#whatif-0-engine').selectOption(want.engine);
  await page.locator('#whatif-resolve').click();
  await expect(page.locator('#whatif-diff')).toBeVisible();
  await expect(page.locator('#whatif-diff td.changed').first()).toBeVisible();
  // Each warship's structure and armour after the branch, in the words and figures of its ship card (the real
  // round's first where they differ: "was → now").
  for (const [row, text] of [
    ['Structure after', (s: MatchState['ships'][0]) => String(s.structure)],
    [
      'Armour after',
      (s: MatchState['ships'][0]) => `B${s.armour.bow} C${s.armour.core} P${s.armour.port} S${s.armour.starboard}`,
    ],
  ] as const) {
    const cells = page
      .locator('#whatif-diff tr', { has: page.getByRole('rowheader', { name: row, exact: true }) })
      .locator('td');
    for (const seat of [0, 1] as const)
      await expect(cells.nth(seat)).toHaveText(new RegExp(`(^| → )${text(want.end.ships[seat])}$`));
  }
  await expect.poll(() => core0(page)).toEqual(want.core);
  await expect(page).toHaveURL(/\?whatif=/);
  await page.locator('body').press('.'); // skip the animation: the settled board with the real end as a ghost
  await shot(page, '41-whatif-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '41-whatif-phone');

  // The link reopens the same branch.
  await page.reload();
  await expect(page.locator('#whatif-diff')).toBeVisible();
  await expect.poll(() => core0(page)).toEqual(want.core);
  // Back to the real line: the replay at round 3 again.
  await page.locator('#whatif-close').click();
  await expect(page.locator('#replay-pos')).toContainText('Round 3/');
  await expect(page).not.toHaveURL(/whatif/);
});

test('a what-if link that does not parse or names no round says so, and the replay still plays', async ({ page }) => {
  await page.goto(`/#/replay/${ID}?whatif=not*a*branch`);
  await expect(page.locator('#whatif-error')).toContainText('this what-if link does not parse');
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.locator('#replay-pos')).toContainText(/event (\d+)\/\1/);
  const round99 = Buffer.from(JSON.stringify({ round: 99, orders: [] })).toString('base64url');
  await page.goto(`/#/replay/${ID}?whatif=${round99}`);
  await expect(page.locator('#whatif-error')).toContainText('not 99');
});

test('the computer suggests orders for a seat, with the ones it also considered', async ({ page }) => {
  await page.goto(`/#/replay/${ID}`);
  await page.locator('#replay-round-2').click();
  await page.getByRole('button', { name: 'What if… (this round)' }).click();
  await page.locator('#whatif-ask-1').click();
  await expect(page.locator('#whatif-advice-1 li')).toHaveCount(3);
  await expect(page.locator('#whatif-advice-1 li').first()).toContainText('its choice');
  await expect(page.locator('#whatif-1-error')).toHaveText('');
  await page.locator('#whatif-resolve').click();
  await expect(page.locator('#whatif-diff')).toBeVisible();
});

test('in a live match, a trial resolves a ghost round in the page and sends nothing to the room', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await ctx.newPage();
  a.on('pageerror', (e) => console.log('Ada pageerror', e.message));
  await a.addInitScript(() => localStorage.setItem('star-eater.name', 'Ada'));
  // Every frame the page sends on its sockets, counted from the start.
  let sent = 0;
  a.on('websocket', (ws) => ws.on('framesent', () => sent++));
  await a.goto('/');
  await a.click('#bot-easy');
  await a.click('#faction-fpa');
  await driveUntil([a], inCommit(1));
  await a.locator('body').press('7'); // an engine setting of your own
  await a.locator('#trial-open').click();
  await expect(a.locator('#whatif-1-engine')).toBeVisible();
  // Its drop-downs are the dark ones of the orders panel (#0b1426), not the browser's grey boxes.
  const look = await a.locator('#whatif-1-engine').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(look).toBe('rgb(11, 20, 38)');
  await a.locator('#whatif-1-engine').selectOption('S');
  const before = sent;
  await a.locator('#trial-once').click();
  await expect(a.locator('#trial-result')).toContainText('One trial');
  await expect(a.locator('#trial-result')).toContainText('Computer (easy)');
  // Watched on a board of its own: the round's lines play under it.
  await a.locator('#trial-watch').click();
  await expect(a.getByRole('img', { name: 'Trial board, with the page’s dice' })).toBeVisible();
  await expect(a.locator('#trial-board .trial-caption')).not.toBeEmpty();
  await shot(a, '42-trial-watch');
  await a.locator('#trial-20').click();
  await expect(a.locator('#trial-spread tbody tr')).toHaveCount(2);
  await a.locator('#trial-reach').click();
  await expect(a.locator('#trial-reach-text')).toContainText(/can end on \d+ hex/);
  await shot(a, '42-trial-desktop');
  // Not one frame went out while the trials ran (the server's keep-alive pings are answered by control frames,
  // which are not data frames).
  expect(sent - before).toBe(0);
  await a.setViewportSize({ width: 390, height: 844 });
  await shot(a, '42-trial-phone');
  await ctx.close();
});
