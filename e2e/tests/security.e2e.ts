// The public surface's defences in the browser: the client works under the server's Content-Security-Policy (no violation while the
// lobby, the board and its animation run: PixiJS' workers and blob URLs included); names are shown cleaned; commit
// receipts are shown at lock-in and checked in every browser, and a tampered reveal is caught; a page that cannot read
// the server's packed messages (another table of shapes) says to reload.
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

test('names are cleaned; commit receipts are shown at lock-in and verified by both players and a spectator; a tampered reveal is caught; another table of shapes says reload', async ({
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
  await d.addInitScript(`(${tamperFrames.toString()})('salt')`);
  // A third one's page was built with another table of shapes than the server's (a tab open across an update).
  const e = await player(browser, 'Ed', m.ctxs);
  await e.addInitScript(`(${tamperFrames.toString()})('tag')`);
  for (const p of [c, d, e]) {
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
  await expect(c.locator('#receipts-verdict')).toContainText('Round 1: both commitments match their receipts');
  const caught = d.locator('#receipts-verdict[data-round="1"]');
  await expect(caught).toHaveAttribute('data-verdict', 'mismatch');
  await expect(caught).toContainText("Bo's revealed commitment does not match");
  await shot(c, '14-receipts-verified-spectator');
  await shot(d, '14-receipts-tampered-spectator');
  // The packed events it cannot read are not misread: it says to reload.
  await expect(e.locator('.toast.error').first()).toContainText('The game was updated: reload the page');
  await shot(e, '14-other-shape-table');
  for (const ctx of m.ctxs) await ctx.close();
});

/**
 * Runs in the page, under the SDK: frames are changed before the client reads them, as if the server had sent them.
 * 'salt': the `receipts-revealed` frame (ROOM_DATA, code 13) gets one bit of its second salt's first byte flipped —
 * what a server that swapped a salt after the lock-in would send. 'tag': every packed frame
 * (ROOM_DATA_BYTES, code 17: the type as a short string, then the tag of the protocol's table of shapes) gets another
 * tag — what a server with another table sends. Other frames pass.
 */
function tamperFrames(what: 'salt' | 'tag'): void {
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
  const type = 'receipts-revealed';
  const salt = (bytes: Uint8Array): boolean => {
    const text = new TextDecoder('latin1').decode(bytes);
    if (bytes[0] !== 13 || text.slice(2, 2 + type.length) !== type) return false;
    const key = '\xa5salts'; // msgpack fixstr "salts", then a fixarray of two: nil or a bin8 of 16 bytes
    const first = text.indexOf(key) + key.length + 1;
    const second = first + (bytes[first] === 0xc0 ? 1 : 2 + bytes[first + 1]!);
    const at = second + 2; // the second salt's first byte, past its bin8 header
    bytes[at] = bytes[at]! ^ 1;
    return true;
  };
  const tag = (bytes: Uint8Array): boolean => {
    if (bytes[0] !== 17) return false;
    const at = 2 + (bytes[1]! & 0x1f);
    bytes[at] = (bytes[at]! + 1) & 0xff;
    return true;
  };
  const tamper = (data: unknown): unknown => {
    if (!(data instanceof ArrayBuffer)) return data;
    const bytes = new Uint8Array(data.slice(0));
    return (what === 'salt' ? salt(bytes) : tag(bytes)) ? bytes.buffer : data;
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
