// Two players in a private room, brought through factions and the draft to the commitment window of round 1.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit, takeCards } from './drive.js';
import { setName } from './helpers.js';

export interface Match {
  a: Page; // the creator, seat 0 (FPA)
  b: Page; // opened the invite link, seat 1 (Lamais)
  ctxs: BrowserContext[];
  link: string;
}

export async function player(
  browser: Browser,
  name: string,
  ctxs: BrowserContext[],
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<Page> {
  const ctx = await browser.newContext(opts);
  ctxs.push(ctx);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  if (process.env.E2E_DEBUG) p.on('console', (m) => console.log(name, 'console', m.type(), m.text()));
  await setName(p, name);
  return p;
}

export interface StartOptions {
  aViewport?: { width: number; height: number };
  bViewport?: { width: number; height: number };
  /** The second player on a touch screen (a phone: taps, pinches). */
  bTouch?: boolean;
  /** Another server than the suite's (a test's own process): its address. */
  baseURL?: string;
  /** How long the second player may take to be seated (a freshly started server is slow at its first match). */
  seatTimeoutMs?: number;
  /**
   * Arclight variants (RULES §9) for the room. The lobby offers none, so the creator's page asks for them the way its
   * Create button asks for a room (the session's createPrivate), with these join options added.
   */
  variants?: { rangeBands?: boolean; initiativeRoll?: boolean; criticalHits?: boolean };
  /** Cards (ids) either seat takes in the draft whenever one is on offer; the rest as the drivers pick. */
  picks?: readonly string[];
  /** False: both seats are left in the faction choice, neither having chosen. */
  chooseFactions?: boolean;
}

interface SessionProbe {
  createPrivate(name: string, extra: { variants: NonNullable<StartOptions['variants']> }): Promise<void>;
  room: { roomId: string } | null;
}

/** Creates the private room: the lobby's button, or the same request with variants (StartOptions.variants). */
async function createPrivate(a: Page, name: string, variants: StartOptions['variants']): Promise<void> {
  if (!variants) {
    await a.click('#create-private');
    return;
  }
  await a.evaluate(
    async ({ name, variants }) => {
      const session = (window as unknown as { __session: SessionProbe }).__session;
      await session.createPrivate(name, { variants });
      location.hash = `#/m/${session.room!.roomId}`;
    },
    { name, variants },
  );
}

/**
 * The two players seated in a private room, each with a faction chosen (FPA, Lamais): the draft begins (unless
 * `opts.chooseFactions` is false).
 */
export async function seatBoth(browser: Browser, names: [string, string], opts: StartOptions = {}): Promise<Match> {
  const ctxs: BrowserContext[] = [];
  const base = opts.baseURL ? { baseURL: opts.baseURL } : {};
  const a = await player(browser, names[0], ctxs, { ...base, ...(opts.aViewport ? { viewport: opts.aViewport } : {}) });
  const b = await player(browser, names[1], ctxs, {
    ...base,
    ...(opts.bViewport ? { viewport: opts.bViewport } : {}),
    ...(opts.bTouch ? { hasTouch: true, isMobile: true } : {}),
  });
  await a.goto('/');
  await createPrivate(a, names[0], opts.variants);
  // The link appears once the welcome has brought the invite code (a link without it would be refused).
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  const link = await a.locator('#invite-link').inputValue();
  await b.goto(link);
  // Seating waits for both pages (a busy CI machine runs two Chromium contexts on 2 cores).
  await expect(a.locator('#factions-screen')).toBeVisible({ timeout: opts.seatTimeoutMs ?? 30_000 });
  await expect(b.locator('#factions-screen')).toBeVisible({ timeout: opts.seatTimeoutMs ?? 30_000 });
  if (opts.chooseFactions === false) return { a, b, ctxs, link };
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  return { a, b, ctxs, link };
}

export async function startMatch(browser: Browser, names: [string, string], opts: StartOptions = {}): Promise<Match> {
  const m = await seatBoth(browser, names, opts);
  await driveUntil([m.a, m.b], inCommit(1), opts.picks ? takeCards(opts.picks) : undefined);
  await expect(m.b.locator('#ship-cards section[data-seat="1"]')).toContainText('(you)');
  return m;
}

/**
 * Round 1 with the second seat launching a squadron: the fighter phase asks it where the squadron goes, and the
 * lock-in bar is gone (both seats' engines NONE, so the ships stay put).
 */
export async function toFighterPrompt({ a, b }: Pick<Match, 'a' | 'b'>): Promise<void> {
  await a.click('button[data-engine="NONE"]');
  await a.click('#lock-in');
  await b.click('button[data-engine="NONE"]');
  await b.click('button.cc[data-card="launch-squadron"]');
  await b.click('#lock-in');
  await expect(b.locator('#decision-panel')).toContainText('Fighter phase');
}
