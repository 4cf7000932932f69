// Issue 14 in the browser: the client works under the server's Content-Security-Policy (no violation while the
// lobby, the board and its animation run: PixiJS' workers and blob URLs included); names are shown cleaned; commit
// receipts are shown at lock-in and checked in every browser, and a tampered reveal is caught.
import { expect, type Page, test } from '@playwright/test';
import { boardProblems } from './board-view.js';
import { sanitizeName } from '../../packages/protocol/src/names.js';
import { shot } from './helpers.js';
import { player, startMatch } from './match-setup.js';

/** Collects every CSP violation the page reports (the event fires for blocked scripts, workers, styles, sockets). */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

test('the client renders under the CSP: lobby, board, animation', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: 'Quick match' })).toBeVisible();
  await page.goto('/#/demo');
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Next round' }).click();
  await page.locator('body').press('.');
  await expect.poll(() => boardProblems(page)).toEqual([]);
  await shot(page, '14-csp-demo');
  expect(violations).toEqual([]);
});

test('names are cleaned; commit receipts are shown at lock-in and verified by both players and a spectator; a tampered reveal is caught', async ({
  browser,
}) => {
  const raw = '\u202EAda\u0000 \n\u2066 Lovelace, captain of the longest name';
  const clean = sanitizeName(raw);
  expect(clean).toBe('Ada Lovelace, captain of');
  const m = await startMatch(browser, [raw, 'Bo']);
  const { a, b } = m;
  for (const p of [a, b]) {
    await expect(p.locator('#ship-cards section[data-seat="0"]')).toContainText(clean);
    const text = (await p.locator('body').textContent()) ?? '';
    for (const ch of ['\u202E', '\u2066', '\u0000'])
      expect(text.includes(ch), `U+${ch.charCodeAt(0).toString(16)}`).toBe(false);
  }
  // Two spectators; the second one's connection is tampered with: one salt of the reveal is changed on the way.
  const c = await player(browser, 'Cy', m.ctxs);
  const d = await player(browser, 'Di', m.ctxs);
  // (In the page, under the SDK: the frame is changed before the client reads it, as if the server had sent it.)
  await d.addInitScript(`(${tamperSocket.toString()})()`);
  for (const p of [c, d]) {
    await p.goto(m.link);
    await expect(p.locator('#spectating')).toContainText('Spectating');
    await expect(p.locator('#receipts')).toBeVisible();
  }
  await a.locator('body').press('1');
  await a.click('#lock-in');
  // Ada's receipt: hers to see at once, and the same hash on every other screen.
  const mine = a.locator('#receipt-0.mine [data-hash]');
  await expect(mine).toHaveAttribute('data-hash', /^[0-9a-f]{64}$/);
  await expect(a.locator('#receipt-0 .who')).toHaveText('You');
  const hash = await mine.getAttribute('data-hash');
  for (const p of [b, c, d]) await expect(p.locator('#receipt-0 [data-hash]')).toHaveAttribute('data-hash', hash!);
  await expect(b.locator('#receipt-1')).toContainText('not locked in');
  await shot(a, '14-receipt-locked-a');
  await b.locator('body').press('4');
  await b.click('#lock-in');
  for (const p of [a, b, c])
    await expect(p.locator('#receipts-verdict[data-round="1"]')).toHaveAttribute('data-verdict', 'verified');
  await expect(c.locator('#receipts-verdict')).toContainText('Round 1 verified: both commitments match their receipts');
  const caught = d.locator('#receipts-verdict[data-round="1"]');
  await expect(caught).toHaveAttribute('data-verdict', 'mismatch');
  await expect(caught).toContainText("Bo's revealed commitment does not match");
  await shot(c, '14-receipts-verified-spectator');
  await shot(d, '14-receipts-tampered-spectator');
  for (const ctx of m.ctxs) await ctx.close();
});

/**
 * Runs in the page: the `receipts-revealed` frame (ROOM_DATA, code 13) gets one character of its second salt changed
 * (base64url, 'A' <-> 'B') before the client reads it — what a server that swapped a salt after the lock-in would
 * send. Other frames pass.
 */
function tamperSocket(): void {
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
  const type = 'receipts-revealed';
  const tamper = (data: unknown): unknown => {
    if (!(data instanceof ArrayBuffer)) return data;
    const bytes = new Uint8Array(data.slice(0));
    const text = new TextDecoder('latin1').decode(bytes);
    if (bytes[0] !== 13 || text.slice(2, 2 + type.length) !== type) return data;
    const key = '\xa5salts'; // msgpack fixstr "salts", then a fixarray of two: nil or a fixstr of 22 characters
    const first = text.indexOf(key) + key.length + 1;
    const second = first + (bytes[first] === 0xc0 ? 1 : 1 + (bytes[first]! & 0x1f));
    const ch = second + 1; // the second salt's first character, past its fixstr header
    bytes[ch] = bytes[ch] === 0x41 ? 0x42 : 0x41;
    return bytes.buffer;
  };
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() {
      return desc.get!.call(this);
    },
    set(fn: ((ev: MessageEvent) => void) | null) {
      desc.set!.call(
        this,
        fn && ((ev: MessageEvent) => fn.call(this, new MessageEvent('message', { data: tamper(ev.data) }))),
      );
    },
  });
}
