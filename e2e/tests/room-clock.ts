// Driving time in a match, both clocks a timer has: the room's (the server's timers run out when the test says,
// through e2e/clock-control.ts) and the page's (Playwright's fixed time, so the page reads `seconds` left on its timer).
import type { Page } from '@playwright/test';

const CLOCK_PORT = Number(process.env.E2E_PORT ?? 3911) + 1;

interface Probe {
  __session: { room: { roomId: string } | null; state: { deadline: number } | null };
}

export async function roomIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => (window as unknown as Probe).__session.room?.roomId);
  if (!id) throw new Error('roomIdOf: this page is in no room');
  return id;
}

/** Moves the room's clock on by `ms`: every timer it runs past fires now. */
export async function advanceRoomClock(roomId: string, ms: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${CLOCK_PORT}/advance?room=${roomId}&ms=${ms}`, { method: 'POST' });
  if (!res.ok) throw new Error(`advanceRoomClock: ${res.status} ${await res.text()}`);
}

/** Waits for the running timer's deadline, then stops the page's clock `seconds` before it. */
export async function pageSecondsLeft(page: Page, seconds: number): Promise<number> {
  const handle = await page.waitForFunction(() => {
    const st = (window as unknown as Probe).__session.state;
    return st && st.deadline > 0 ? st.deadline : null;
  });
  const deadline = (await handle.jsonValue()) as number;
  await page.clock.setFixedTime(deadline - seconds * 1000);
  return deadline;
}

/** The sounds this page has played (audio/sfx.ts window.__sfx). */
export function sounds(page: Page): Promise<string[]> {
  return page.evaluate(() => ((window as unknown as { __sfx?: { sfx: string }[] }).__sfx ?? []).map((s) => s.sfx));
}
