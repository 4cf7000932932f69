// The commit panel's previews are the truth (RULES §4.2, §4.5, §9). A weapon's reach is drawn from where the warship
// will fire, after its drift, and only while its cause lasts: the card pointed at, the window open, this round, a card
// that can act. And with critical hits on, a locked thruster (the next engine card counts as NONE) shows in the drift
// ghost: the warship ends the round where the ghost stood.
import { expect, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import {
  createMatch,
  DIRS,
  ENGINE_SETTINGS,
  FACTIONS,
  matchInitiative,
  munitionPlacements,
  munitionRules,
  previewDrift,
  resolveRound,
  sha256,
  squadronTriples,
  type Dir,
  type EngineSetting,
  type FactionId,
  type MatchState,
  type PlayerSetup,
} from '../../packages/engine/src/index.js';
import { driveUntil, inCommit } from './drive.js';
import { highlighted, pressKey, shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';
import { ownServer } from './own-server.js';

type At = { q: number; r: number };
const key = (h: At) => `${h.q},${h.r}`;
const keys = (hs: At[]) => hs.map(key).sort();
/** The key of an engine setting on the wheel (1–0, in the engine's order). */
const wheelKey = (e: EngineSetting) => String((ENGINE_SETTINGS.indexOf(e) + 1) % 10);

interface Probe {
  board: { ghost: { core: At; facing: string } | null };
}
const ghost = (p: Page) => p.evaluate(() => (window as unknown as { __board: Probe }).__board.board.ghost);
/** The seat's warship as the room synced it (schema fields). */
const syncedShip = (p: Page, seat: number) =>
  p.evaluate((s) => {
    const st = (window as unknown as { __session: { state: { ships: Record<string, unknown>[] } } }).__session.state;
    const w = st.ships[s]!;
    return { core: { q: w.q as number, r: w.r as number }, facing: w.facing as string, locked: !!w.thrusterLocked };
  }, seat);

const lockIn = async (p: Page, engine: EngineSetting) => {
  await pressKey(p, wheelKey(engine));
  await expect(p.locator(`button[data-engine="${engine}"]`)).toHaveAttribute('aria-pressed', 'true');
  await p.click('#lock-in');
};

let m: Match | undefined;
let server: ChildProcess | undefined;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

test("a weapon's reach is drawn from where the warship will fire, after its drift", async ({ browser }) => {
  m = await startMatch(browser, ['Cleo', 'Dax']);
  const { a } = m;
  const arcs = () => highlighted(a, 'arc');
  const main = a.locator('button.cc[data-card="fire-main"]');

  // Pointed at with the engine at NONE: the reach from where the warship stands (no momentum yet).
  await main.hover();
  await expect.poll(async () => (await arcs()).length).toBeGreaterThan(0);
  const still = await arcs();
  // Engine N: the warship will fire one hex further north, and so does its reach (the ghost shows where).
  await pressKey(a, wheelKey('N'));
  await expect.poll(ghost.bind(null, a)).not.toBeNull();
  const g = (await ghost(a))!;
  const now = await syncedShip(a, 0);
  expect(g.facing).toBe(now.facing);
  const dq = g.core.q - now.core.q;
  const dr = g.core.r - now.core.r;
  expect(Math.abs(dq) + Math.abs(dr)).toBeGreaterThan(0);
  // The same reach moved with the warship (a beam or token line may end earlier, at the same enemy hex).
  await expect.poll(async () => keys(await arcs())).not.toEqual(keys(still));
  const moved = new Set(still.map((h) => key({ q: h.q + dq, r: h.r + dr })));
  const after = await arcs();
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((h) => !moved.has(key(h)))).toEqual([]);
  await shot(a, '60-reach-after-drift');
});

test("a weapon's reach leaves with its cause: the pointer, the window, the round, a card that cannot act", async ({
  browser,
}) => {
  for (const c of m?.ctxs ?? []) await c.close();
  m = await startMatch(browser, ['Cleo', 'Dax']);
  const { a, b } = m;
  const arcs = () => highlighted(a, 'arc');
  const main = a.locator('button.cc[data-card="fire-main"]');
  await main.hover();
  await expect.poll(async () => (await arcs()).length).toBeGreaterThan(0);

  // The pointer leaves the card: the reach goes with it.
  await a.locator('#commit-panel h3').hover();
  await expect.poll(arcs).toEqual([]);

  // Chosen, it shows again (its cause: the card played); locked in and resolving, the window hides and so does it.
  await main.click();
  await a.locator('#commit-panel h3').hover();
  await expect.poll(async () => (await arcs()).length).toBeGreaterThan(0);
  await a.click('#lock-in');
  await lockIn(b, 'NONE');
  await expect(a.locator('#commit-panel')).toBeHidden();
  expect(await arcs()).toEqual([]);
  await driveUntil([a, b], inCommit(2));

  // A new round: nothing carried over, and the main weapon in cooldown (RULES §4.6) previews nothing when pointed at.
  expect(await arcs()).toEqual([]);
  await expect(main).toBeDisabled();
  await main.hover({ force: true });
  await a.locator('button.cc[data-card="port-broadside"]').hover();
  await main.hover({ force: true });
  expect(await arcs()).toEqual([]);
  await shot(a, '61-reach-cooldown');
});

/** A legal setup for a faction: the first card of every deck, the first legal squadrons and munitions. */
function playerOf(name: string, faction: FactionId): PlayerSetup {
  const f = FACTIONS[faction];
  const squadrons = squadronTriples(f)[0]!;
  const munitions = munitionPlacements(munitionRules(f, squadrons))[0]!;
  const loadout = {
    main: f.main[0]!.id,
    broadside: f.broadside[0]!.id,
    fighterBay: f.fighterBay[0]!.id,
    pointDefence: f.pointDefence[0]!.id,
    squadrons,
  };
  return { name, faction, loadout, munitions };
}

/**
 * A match seed under which Dax (seat 1, Lamais) thrusting `dir` every round, Cleo doing nothing, has Dax's thruster
 * locked by a critical hit (RULES §9) after `rounds` rounds, both warships still flying one round later; and an engine
 * setting `last` that, were the thruster free, would leave Dax elsewhere than the locked engine does. Found by the
 * engine: no card is played, so neither the draft nor any prompt changes the dice (the edge's damage rolls them).
 */
function lockingSeed(): { seed: string; dir: Dir; rounds: number; last: EngineSetting } {
  const players: [PlayerSetup, PlayerSetup] = [playerOf('Cleo', 'fpa'), playerOf('Dax', 'lamais')];
  const none = { engine: 'NONE' as const, cards: [] };
  const pose = (x: MatchState, e: EngineSetting) => {
    const end = previewDrift(x, 1, e).path.at(-1) ?? x.ships[1];
    return `${key(end.core)} ${end.facing}`;
  };
  for (let k = 0; k < 100; k++) {
    const seed = sha256(`previews-e2e:${k}`);
    const { initiative } = matchInitiative(seed);
    for (const dir of DIRS) {
      let s = createMatch({ seed, initiative, players, variants: { criticalHits: true } });
      for (let r = 1; r <= 10 && s.winner === null; r++) {
        const p = resolveRound(s, [none, { engine: dir, cards: [] }], []);
        if (p.status !== 'done') break;
        s = p.state;
        if (!s.ships[1].effects.thrusterLocked || s.winner !== null) continue;
        const unlocked = structuredClone(s);
        unlocked.ships[1].effects.thrusterLocked = false;
        const last = ENGINE_SETTINGS.find((e) => pose(s, e) !== pose(unlocked, e));
        const next = last && resolveRound(s, [none, { engine: last, cards: [] }], []);
        if (last && next?.status === 'done' && next.state.winner === null) return { seed, dir, rounds: r, last };
        break;
      }
    }
  }
  throw new Error('no seed locks the thruster within 10 rounds');
}

test('with a thruster locked, the drift ghost is where the warship ends the round', async ({ browser }) => {
  const { seed, dir, rounds, last } = lockingSeed();
  const own = ownServer('previews', 23, { E2E_MATCH_SEED: seed });
  try {
    server = await own.start();
    m = await startMatch(browser, ['Cleo', 'Dax'], {
      baseURL: own.url,
      seatTimeoutMs: 90_000,
      variants: { criticalHits: true },
    });
    const { a, b } = m;
    for (let r = 1; r <= rounds; r++) {
      await lockIn(a, 'NONE');
      await lockIn(b, dir);
      await driveUntil([a, b], inCommit(r + 1));
    }
    expect((await syncedShip(b, 1)).locked).toBe(true);

    // Dax sets an engine card the locked thruster turns into NONE: the ghost says where that leaves the warship.
    await pressKey(b, wheelKey(last));
    await expect(b.locator(`button[data-engine="${last}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(b.locator('#engine-blocked')).toContainText('Thruster locked');
    const before = await syncedShip(b, 1);
    const g = await ghost(b);
    const predicted = g ? { core: g.core, facing: g.facing } : { core: before.core, facing: before.facing };
    await shot(b, '62-thruster-locked-ghost');
    await b.setViewportSize({ width: 390, height: 844 });
    await expect(b.locator('#engine-blocked')).toBeVisible();
    await shot(b, '62-thruster-locked-ghost-phone');
    await b.setViewportSize({ width: 1280, height: 720 });
    await b.click('#lock-in');
    await lockIn(a, 'NONE');
    await driveUntil([a, b], inCommit(rounds + 2));
    const after = await syncedShip(b, 1);
    expect({ core: after.core, facing: after.facing }).toEqual(predicted);
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    own.clean();
  }
});
