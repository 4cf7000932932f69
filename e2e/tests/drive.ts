// Generic drivers: make whatever move the screen asks for (draft picks, decisions), so tests read as the flow.
// A driver never swallows an error or guesses: when the screen asks this page to act and offers nothing it can do,
// it throws, naming what it saw, so a broken screen fails the test instead of stalling it.
import type { Locator, Page } from '@playwright/test';

async function visible(page: Page, sel: string): Promise<boolean> {
  return page.locator(sel).first().isVisible();
}

/** Three different squadrons, the first legal set in deck order (a set the Confirm button accepts). */
async function chooseSquadrons(page: Page): Promise<void> {
  const section = page.locator('#draft-screen section.squadrons');
  const cards = section.locator('.gcard:enabled');
  const confirm = page.locator('#confirm-squadrons');
  const n = await cards.count();
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j + 1; k < n; k++) {
        await section.getByRole('button', { name: 'Clear' }).click();
        for (const x of [i, j, k]) await cards.nth(x).click();
        if (await confirm.isEnabled()) {
          await confirm.click();
          return;
        }
      }
  throw new Error(`draft: no three different squadrons of the ${n} offered make a legal set`);
}

async function placeMunitions(page: Page): Promise<void> {
  const confirm = page.locator('#confirm-munitions');
  for (let i = 0; i < 12 && (await confirm.isDisabled()); i++) {
    const more = page.getByRole('button', { name: `More munitions on squadron ${(i % 3) + 1}` });
    if (await more.isEnabled()) await more.click();
  }
  if (await confirm.isDisabled()) throw new Error('draft: no munition placement enables Confirm');
  await confirm.click();
}

/** One draft action if this page is to move; returns true when it did something, false when it is not its turn. */
export async function draftStep(page: Page): Promise<boolean> {
  if (!(await visible(page, '#draft-screen'))) return false;
  // Sent and waiting for the server, or the opponent still choosing: nothing to do here.
  if (await visible(page, '#draft-wait, #draft-sending')) return false;
  if (await visible(page, '#skip-swap')) {
    await page.click('#skip-swap');
    return true;
  }
  if (await visible(page, '#confirm-munitions')) {
    await placeMunitions(page);
    return true;
  }
  if (!(await visible(page, '#turn.you'))) return false; // the opponent's pick
  if (await visible(page, '#confirm-squadrons')) {
    // The suggested trio is taken as it is; without one, the first legal set.
    if (await page.locator('#confirm-squadrons').isEnabled()) await page.click('#confirm-squadrons');
    else await chooseSquadrons(page);
    return true;
  }
  // A pick is selected (or suggested), then confirmed.
  if (!(await page.locator('#confirm-pick').isEnabled())) {
    const card = page.locator('#draft-screen .cards .gcard:enabled').first();
    if (!(await card.isVisible())) throw new Error('draft: this seat is to pick, but no card can be chosen');
    await card.click();
  }
  await page.click('#confirm-pick');
  return true;
}

/**
 * A draft step that takes any of `cards` (ids) this page may pick now; false when none is on offer (then the other
 * drivers act). For a test that needs a weapon in a seat's loadout.
 */
export const takeCards =
  (cards: readonly string[]) =>
  async (page: Page): Promise<boolean> => {
    if (!(await visible(page, '#turn.you')) || (await visible(page, '#draft-wait, #draft-sending'))) return false;
    for (const id of cards) {
      const card = page.locator(`#draft-screen .cards .gcard[data-card="${id}"]:enabled`);
      if (!(await card.isVisible())) continue;
      await card.click();
      await page.click('#confirm-pick');
      return true;
    }
    return false;
  };

let answered = 0;

/** Answer an open decision with the first legal choice (or pass in the fighter phase); false when none is open. */
export async function decide(page: Page): Promise<boolean> {
  // A panel already answered stays until the server closes its prompt: it is marked, so it is answered once.
  const open = page.locator('#decision-panel:not([data-driven])').first();
  if (!(await open.isVisible())) return false;
  const mark = String(++answered);
  await open.evaluate((el, m) => el.setAttribute('data-driven', m), mark);
  const panel = page.locator(`#decision-panel[data-driven="${mark}"]`);
  const pass = panel.locator('#fighter-pass');
  const choice: Locator = (await pass.isVisible()) ? pass : panel.locator('.options button').first();
  if (!(await choice.isVisible())) {
    const text = (await panel.textContent())?.slice(0, 200);
    throw new Error(`decision: the panel offers nothing to choose: "${text}"`);
  }
  await choice.click();
  return true;
}

/** An error the server sent this page (shown as an error toast): a driven move was refused. */
async function refusal(page: Page): Promise<string | null> {
  const t = page.locator('#toasts .toast.error').first();
  return (await t.isVisible()) ? await t.textContent() : null;
}

/** Resolves at the next change of any page's document (a patch, a message, a countdown tick): no fixed sleep. */
export function nextChange(pages: Page[]): Promise<unknown> {
  return Promise.race(
    pages.map((p) =>
      p.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const o = new MutationObserver(() => {
              o.disconnect();
              resolve();
            });
            o.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          }),
      ),
    ),
  );
}

/**
 * Keep both players moving until `done` holds for every page (the test's own timeout bounds it); `first`, a step tried
 * before the generic ones (e.g. takeCards).
 */
export async function driveUntil(
  pages: Page[],
  done: (p: Page) => Promise<boolean>,
  first?: (p: Page) => Promise<boolean>,
): Promise<void> {
  for (;;) {
    let all = true;
    let acted = false;
    for (const p of pages) {
      if (await done(p)) continue;
      all = false;
      const refused = await refusal(p);
      if (refused) throw new Error(`driveUntil: the server refused a move: ${refused}`);
      if (first && (await first(p))) {
        acted = true;
        continue;
      }
      acted = (await draftStep(p)) || acted;
      acted = (await decide(p)) || acted;
    }
    if (all) return;
    if (!acted) await nextChange(pages);
  }
}

/**
 * In the commitment window of `round`: the panel shown (Playwright's sense: a box, not visibility:hidden) and its
 * heading read in one look at the page. Two reads (isVisible, then textContent with a 500 ms limit) lost a race on a
 * slow machine: the panel went while the round resolved, and the second read timed out.
 */
export const inCommit = (round: number) => async (p: Page) => {
  const heading = await p.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('#commit-panel');
    const box = panel?.getBoundingClientRect();
    if (!panel || !box?.width || !box.height || getComputedStyle(panel).visibility === 'hidden') return null;
    return panel.querySelector('h3')?.textContent ?? null;
  });
  return heading?.includes(`Round ${round} `) === true;
};
