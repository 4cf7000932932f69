// A newcomer's match: the creator picks the relaxed timers and the header says so; everyone (both seats and a
// spectator) sees whose decision the match waits for through a whole round; the round's animation finishes before the
// next timer starts (the page's own timestamps); emotes reach the other seat and the spectator and a burst is refused;
// the sound and emote toggles and the animation speed are remembered; concede asks in the page.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { player } from './match-setup.js';

test.describe.configure({ mode: 'serial' });

const ctxs: BrowserContext[] = [];
let a: Page;
let b: Page;
let c: Page;

test.afterAll(async () => {
  for (const x of ctxs.splice(0)) await x.close();
});

type Flow = { what: string; at: number; detail?: string }[];
const flow = (p: Page) => p.evaluate(() => (window as unknown as { __flow?: Flow }).__flow ?? []);
const turn = (p: Page) => p.locator('#whose-turn');

test('relaxed timers: picked in the lobby, remembered, shown in the match header', async ({ browser }) => {
  a = await player(browser, 'Ivy', ctxs);
  b = await player(browser, 'Jon', ctxs);
  c = await player(browser, 'Kim', ctxs);
  await a.goto('/');
  await expect(a.locator('#preset-picker')).toContainText('120 s orders');
  await a.check('#preset-relaxed');
  await a.reload();
  await expect(a.locator('#preset-relaxed')).toBeChecked();
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  const link = await a.locator('#invite-link').inputValue();
  await b.goto(link);
  await expect(a.locator('#preset-tag')).toHaveText('Relaxed timers');
  await expect(b.locator('#preset-tag')).toHaveText('Relaxed timers');
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await driveUntil([a, b], inCommit(1));
  await c.goto(link);
  await expect(c.locator('#spectating')).toBeVisible();
  await expect(c.locator('#preset-tag')).toHaveText('Relaxed timers');
  // A relaxed commitment window: 120 s.
  await expect(a.locator('#countdown')).toHaveText(/^1[01]\ds$/);
});

test('whose turn: both choosing, then the one still choosing, the same on both seats and for the spectator', async () => {
  await expect(turn(a)).toHaveAttribute('data-waiting', 'both');
  await expect(turn(b)).toHaveAttribute('data-waiting', 'both');
  await expect(turn(c)).toHaveAttribute('data-waiting', 'both');
  await expect(turn(c)).toContainText('Both players are choosing orders');
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await expect(turn(a)).toHaveAttribute('data-waiting', 'opponent');
  await expect(turn(a)).toContainText('Jon is choosing orders');
  await expect(turn(b)).toHaveAttribute('data-waiting', 'you');
  await expect(turn(c)).toHaveAttribute('data-waiting', 'one');
  await expect(turn(c)).toContainText('Jon is choosing orders');
  await expect(turn(c).locator('.wt-clock')).toHaveText(/^\d+s$/);
  await shot(c, '40-whose-turn-spectator');
  await b.locator('body').press('0');
  await b.click('#lock-in');
  // While round 1 animates, the clock waits: the spectator reads so.
  await expect(turn(c).locator('.wt-clock')).toHaveText('after the animation');
  // Round 2's window: after the animation on every page, both choosing again.
  for (const p of [a, b]) await expect(p.locator('#commit-panel h3').first()).toContainText('Round 2 ');
  for (const p of [a, b, c]) await expect(turn(p)).toHaveAttribute('data-waiting', 'both');
  await shot(a, '41-whose-turn-round2');
});

test('animation first: the animation finishes before the next commitment timer starts, on both seats', async () => {
  for (const p of [a, b]) {
    await expect(turn(p).locator('.wt-clock')).toHaveText(/^\d+s$/);
    const f = await flow(p);
    const done = f.filter((x) => x.what === 'animation-done');
    const started = f.find((x) => x.what === 'timer-started' && x.detail === 'commit:2');
    expect(started, 'the round 2 timer started').toBeTruthy();
    // Round 1's animation ended (this page said so) before the page saw round 2's clock start.
    const round1Done = done.filter((x) => x.at > f.find((y) => y.detail === 'commit:1')!.at);
    expect(round1Done.length).toBeGreaterThan(0);
    expect(round1Done[0]!.at).toBeLessThan(started!.at);
  }
});

test('a prompt: the round animates, then the prompt shows, then its timer starts (the page’s timestamps)', async () => {
  // Round 2: Ivy launches a squadron, so the fighter phase asks her; Jon plays nothing.
  await a.locator('body').press('0');
  await a.click('button.cc[data-card="launch-squadron"]');
  await a.click('#lock-in');
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await expect(a.locator('#decision-panel')).toContainText('Fighter phase');
  await expect(turn(a)).toHaveAttribute('data-waiting', 'you');
  await expect(turn(b)).toHaveAttribute('data-waiting', 'opponent');
  await expect(turn(c)).toHaveAttribute('data-waiting', 'one');
  await expect(turn(c)).toContainText('Ivy is choosing a fighter activation');
  await expect(turn(a).locator('.wt-clock')).toHaveText(/^\d+s$/);
  const f = await flow(a);
  const shown = f.findLast((x) => x.what === 'prompt-shown')!;
  const started = f.find((x) => x.what === 'timer-started' && x.detail === 'resolving:2')!;
  const done = f.filter((x) => x.what === 'animation-done' && x.at <= shown.at).at(-1)!;
  expect(shown && started && done).toBeTruthy();
  expect(done.at).toBeLessThanOrEqual(shown.at);
  expect(shown.at).toBeLessThan(started.at);
  await a.click('#fighter-pass');
  for (const p of [a, b]) await expect(p.locator('#commit-panel h3').first()).toContainText('Round 3 ');
});

test('emotes reach the opponent and the spectator; a burst is refused; muting hides them and is remembered', async () => {
  for (const p of [a, b, c]) await p.click('#emotes-toggle');
  await a.getByRole('button', { name: 'Hello!' }).click();
  await expect(b.locator('#emote-bubble')).toContainText('Ivy Hello!');
  await expect(c.locator('#emote-bubble')).toContainText('Ivy Hello!');
  await expect(c.locator('#log')).toContainText('Ivy: “Hello!”');
  await a.getByRole('button', { name: 'Wow!' }).click();
  await a.getByRole('button', { name: 'Oops' }).click();
  await a.getByRole('button', { name: 'Good game' }).click();
  await expect(a.locator('.toast.error')).toContainText('too many emotes');
  await expect(b.locator('#log')).not.toContainText('Ivy: “Good game”');
  // Ivy mutes emotes, and it is remembered: Jon's next one does not show for her (the spectator sees it).
  await a.click('#mute-emotes');
  await expect(a.locator('#mute-emotes')).toHaveAttribute('data-muted', 'true');
  await a.reload();
  await a.click('#emotes-toggle');
  await expect(a.locator('#mute-emotes')).toHaveAttribute('data-muted', 'true');
  await b.getByRole('button', { name: 'Well played' }).click();
  await expect(c.locator('#log')).toContainText('Jon: “Well played”');
  await expect(b.locator('#log')).toContainText('You: “Well played”');
  await a.evaluate(
    () =>
      new Promise((ok) =>
        (window as unknown as { __session: { room: { ping(cb: () => void): void } } }).__session.room.ping(() =>
          ok(undefined),
        ),
      ),
  );
  await expect(a.locator('#log')).not.toContainText('Well played');
  await expect(a.locator('#emote-bubble')).toBeHidden();
  await a.click('#mute-emotes');
});

test('sound toggle and animation speed are remembered; concede asks in the page', async () => {
  await expect(a.locator('#mute-sound')).toHaveAttribute('data-muted', 'false');
  await a.click('#mute-sound');
  await expect(a.locator('#mute-sound')).toHaveAttribute('data-muted', 'true');
  await a.click('#speed');
  await expect(a.locator('#speed')).toHaveText('2×');
  await a.reload();
  await expect(a.locator('#mute-sound')).toHaveAttribute('data-muted', 'true');
  await expect(a.locator('#speed')).toHaveText('2×');
  await a.click('#speed');
  await expect(a.locator('#speed')).toHaveText('Skip');
  await a.click('#concede');
  await expect(a.locator('#concede-dialog')).toBeVisible();
  await shot(a, '42-concede-dialog');
  await a.click('#concede-dialog-cancel');
  await expect(a.locator('#concede-dialog')).toHaveCount(0);
  await expect(a.locator('#end-title')).toHaveCount(0);
  await a.click('#concede');
  await a.click('#concede-dialog-confirm');
  await expect(b.locator('#end-title')).toHaveText('Victory');
  await expect(b.locator('#match-summary')).toContainText('Match summary');
  await expect(b.locator('#match-summary')).toContainText('Fighters lost');
  await shot(b, '43-end-summary');
});
