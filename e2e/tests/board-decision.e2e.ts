// A fighter activation decided on the board (RULES §4.4), the way a player does it: Dax plays Launch Squadron; in the
// fighter phase Dax picks the squadron, clicks a highlighted launch hex on the canvas, clicks a highlighted hex to
// move, and confirms; the log reports it in the rulebook's words. Next round Dax picks the squadron by clicking it on
// the board, moves it two hexes by clicking and one more with the panel's direction buttons. (Cleo plays nothing,
// so she is never prompted and the prompts are Dax's alone.)
import { expect, test, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { boardProblems } from './board-view.js';
import { clickHex, highlighted, shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;

/** The ghost squadron the board draws where the planned move ends. */
const tokenGhost = (p: Page) =>
  p.evaluate(
    () =>
      (
        window as unknown as {
          __board: {
            board: { tokenGhost: { seat: number; at: { q: number; r: number }; facing: string | null } | null };
          };
        }
      ).__board.board.tokenGhost,
  );
/** The colours the board draws its launch highlights in, and the seats' colours (Dax is seat 1), as numbers. */
const launchColours = (p: Page) =>
  p.evaluate(() => {
    interface H {
      kind: string;
    }
    const mv = (
      window as unknown as {
        __board: { view: { colourOf(s: number): number; highlightColourOf(h: H): number }; board: { highlights: H[] } };
      }
    ).__board;
    const launch = mv.board.highlights.filter((x) => x.kind === 'launch').map((x) => mv.view.highlightColourOf(x));
    return { launch, own: mv.view.colourOf(1), other: mv.view.colourOf(0) };
  });

test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('a fighter launch and a squadron activation are chosen by clicking hexes on the board', async ({ browser }) => {
  m = await startMatch(browser, ['Cleo', 'Dax']);
  const { a, b } = m;
  const panel = b.locator('#decision-panel');

  // Round 1: Cleo does nothing; Dax launches a squadron.
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await b.locator('body').press('0');
  await b.click('button.cc[data-card="launch-squadron"]');
  await expect(b.locator('button.cc[data-card="launch-squadron"]')).toHaveAttribute('aria-pressed', 'true');
  await b.click('#lock-in');

  // The fighter phase prompts Dax: launch squadron 1.
  await expect(panel).toContainText('Fighter phase');
  await shot(b, '30-fighter-prompt');
  await panel.locator('button[data-mode="launch"]').first().click();
  await expect(panel).toContainText('click a highlighted hex to place it');
  const launch = await highlighted(b, 'launch');
  expect(launch.length).toBeGreaterThan(0);
  // Drawn in a colour of their own, neither Dax's warship's (his own seat's) nor Cleo's: a launch hex stands out
  // against the ship it launches from.
  const colours = await launchColours(b);
  expect(colours.launch.length).toBe(launch.length);
  for (const c of colours.launch) expect([colours.own, colours.other]).not.toContain(c);
  // The buttons name each hex from a fighter bay by distance and clock position; no two alike.
  const names = await panel.getByRole('group', { name: 'Launch hexes' }).getByRole('button').allTextContents();
  expect(names.length).toBe(launch.length);
  expect(new Set(names).size).toBe(names.length);
  for (const n of names) expect(n).toMatch(/^(Port|Starboard) bay, [12] hexe?s? at \d{1,2} o'clock$/);
  await shot(b, '31-launch-hexes');
  await b.setViewportSize({ width: 390, height: 844 });
  await shot(b, '31-launch-hexes-phone');
  await b.setViewportSize({ width: 1280, height: 800 });
  await shot(b, '31-launch-hexes-laptop');
  await expect.poll(() => boardProblems(b)).toEqual([]);
  await b.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => boardProblems(b)).toEqual([]);
  await clickHex(b, launch[0]!);
  // Placed: now the squadron's moves are highlighted and counted, and a ghost squadron stands where it will end up.
  await expect(panel).toContainText(/Squadron 1: 0\/\d+ moves/);
  expect(await tokenGhost(b)).toMatchObject({ seat: 1, at: launch[0] });
  // Its facing is pointed on the board: a click on it turns it a sixth clockwise …
  const placedFacing = (await tokenGhost(b))!.facing;
  await clickHex(b, launch[0]!);
  await expect.poll(async () => (await tokenGhost(b))?.facing).not.toBe(placedFacing);
  // … and a drag from it towards a hex makes it face that way (two hexes due south: S).
  const south = { q: launch[0]!.q, r: launch[0]!.r + 2 };
  const pt = (x: { q: number; r: number }) =>
    b.evaluate(
      (hx) =>
        (
          window as unknown as {
            __board: { view: { pagePoint(h: { q: number; r: number }): { x: number; y: number } } };
          }
        ).__board.view.pagePoint(hx),
      x,
    );
  const [p0, p1] = [await pt(launch[0]!), await pt(south)];
  await b.mouse.move(p0.x, p0.y);
  await b.mouse.down();
  await b.mouse.move(p1.x, p1.y, { steps: 5 });
  await b.mouse.up();
  await expect.poll(async () => (await tokenGhost(b))?.facing).toBe('S');
  await expect(panel.getByRole('button', { name: 'Face S', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shot(b, '31-launch-facing-dragged');
  const moves = await highlighted(b, 'move');
  expect(moves.length).toBeGreaterThan(0);
  await clickHex(b, moves[0]!);
  await expect(panel).toContainText(/Squadron 1: 1\/\d+ moves/);
  expect(await highlighted(b, 'path')).toEqual([moves[0]]);
  expect(await tokenGhost(b)).toMatchObject({ seat: 1, at: moves[0] });
  await shot(b, '32-squadron-path');
  await b.click('#fighter-confirm');
  await expect(panel).toHaveCount(0);
  await expect(b.locator('#log')).toContainText('Dax launches squadron 1.');
  await expect(a.locator('#log')).toContainText('Dax launches squadron 1.');
  await expect(b.locator('#log')).toContainText("Dax's squadron 1 moves 1 hex.");

  // Round 2: the squadron is on the board; Dax selects it there and moves it two hexes, then one more.
  await driveUntil([a], inCommit(2));
  await expect(b.locator('#commit-panel h3').first()).toContainText('Round 2 ');
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await expect(panel).toContainText('Fighter phase');
  const squadron = await highlighted(b, 'selected');
  expect(squadron.length).toBe(1);
  await clickHex(b, squadron[0]!);
  await expect(panel).toContainText(/Squadron 1: 0\/\d+ moves/);
  for (const n of [1, 2]) {
    const next = await highlighted(b, 'move');
    expect(next.length).toBeGreaterThan(0);
    await clickHex(b, next[0]!);
    await expect(panel).toContainText(new RegExp(`Squadron 1: ${n}/\\d+ moves`));
  }
  // The same step without the board: the panel lists the legal moves by direction (keyboard, screen readers).
  await panel.getByRole('group', { name: 'Move one hex' }).getByRole('button').first().click();
  await expect(panel).toContainText(/Squadron 1: 3\/\d+ moves/);
  const ghost = await tokenGhost(b);
  expect(ghost?.facing).not.toBeNull();
  expect(ghost?.at).toEqual((await highlighted(b, 'path')).at(-1));
  await shot(b, '33-activation-path');
  await expect.poll(() => boardProblems(b)).toEqual([]);
  await b.setViewportSize({ width: 390, height: 844 });
  await shot(b, '33-activation-path-phone');
  await expect.poll(() => boardProblems(b)).toEqual([]);
  await b.setViewportSize({ width: 1280, height: 720 });
  await b.click('#fighter-confirm');
  await expect(panel).toHaveCount(0);
  expect(await tokenGhost(b)).toBeNull();
  await expect(b.locator('#log')).toContainText("Dax's squadron 1 moves 3 hexes.");
  await expect(a.locator('#log')).toContainText("Dax's squadron 1 moves 3 hexes.");
  await driveUntil([a, b], inCommit(3));
});
