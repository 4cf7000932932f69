// Real game-server processes for the scale-out and shutdown tests: `node --import tsx packages/server/src/main.ts`
// with its configuration in the environment, exactly as `pnpm start` and the Docker image run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from '@colyseus/sdk';
import type { JoinOptions, PracticeLevel } from '@star-eater/protocol';
import { sdkSocket } from '../src/colyseus-internals.js';
import type { HealthAnswer } from '../src/http/routes.js';
import { attachBot } from './bot.js';
import { sleep, TestClient, WAIT_GUARD_MS } from './harness.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../bench/procs.js';
import { startServices, type Services } from './services.js';

export { freePort };

/**
 * Kills a process (SIGKILL) and waits for it to exit: the teardown of every process test. The `ms` bound is a hang
 * guard for a process that is already gone (SIGKILL cannot be refused).
 */
export async function stop(p: ServerProcess | null | undefined, ms = 5000): Promise<void> {
  if (!p) return;
  p.kill('SIGKILL');
  await Promise.race([p.exited, sleep(ms)]);
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  /** host:port, the PUBLIC_ADDRESS it was given. */
  address: string;
  child: ChildProcess;
  /** Its stdout + stderr so far (pino JSON lines), for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** GET /health (http/routes.ts); a 503 `{ status: 'error' }` when the listing cannot be read has no other field. */
  health(): Promise<{ status: number; body: HealthAnswer }>;
  sdk(): Client;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  /** How long to wait for /health to answer, ms. */
  readyMs?: number;
  /** The port (a restart on the same address, as a supervisor restarts a process); default a free one. */
  port?: number;
  /** Run the production bundle (`node packages/server/dist/main.js`, built by `pnpm build`) instead of the sources. */
  bundle?: boolean;
  /**
   * Run this instead (node's arguments, in `cwd`), as `uid`/`gid` when given: a deployed image's command. `node`: the
   * binary to run (default this process' own).
   */
  exec?: { cwd: string; args: string[]; uid?: number; gid?: number; node?: string };
}

/**
 * Spawns a game server on a free loopback port and waits until its /health answers 200. (A port another program
 * takes between the probe and the bind is retried with a new one.)
 */
export async function spawnServer(name: string, opts: SpawnOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(name, opts.port ?? (await freePort()), opts);
    } catch (err) {
      if (attempt >= 3 || opts.port || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

/**
 * Two processes A and B with `env`, started at once (as replicas start: with PostgreSQL both set up the schema
 * concurrently); each one that started is pushed to `procs` (the caller's teardown stops them), then a failed start
 * fails.
 */
export async function spawnPair(
  env: Record<string, string>,
  procs: ServerProcess[],
): Promise<[ServerProcess, ServerProcess]> {
  const started = await Promise.allSettled([spawnServer('A', { env }), spawnServer('B', { env })]);
  for (const r of started) if (r.status === 'fulfilled') procs.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  return [procs.at(-2)!, procs.at(-1)!];
}

async function spawnOnce(name: string, port: number, opts: SpawnOptions): Promise<ServerProcess> {
  const address = `127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `se-proc-${name}-`));
  const args =
    opts.exec?.args ??
    (opts.bundle ? ['packages/server/dist/main.js'] : ['--import', 'tsx', 'packages/server/src/main.ts']);
  const child = spawn(opts.exec?.node ?? process.execPath, args, {
    cwd: opts.exec?.cwd ?? root,
    ...(opts.exec?.uid !== undefined ? { uid: opts.exec.uid, gid: opts.exec.gid ?? opts.exec.uid } : {}),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ADDRESS: address,
      SQLITE_PATH: join(dir, 'records.sqlite'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      rmSync(dir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://${address}`;
  const p: ServerProcess = {
    name,
    port,
    url,
    address,
    child,
    output: () => out,
    exited,
    health: async () => {
      const r = await fetch(`${url}/health`);
      return { status: r.status, body: (await r.json()) as HealthAnswer };
    },
    sdk: () => new Client(url),
    kill: (signal = 'SIGKILL') => {
      if (!gone && child.exitCode === null) child.kill(signal);
    },
  };
  // A hang guard, not a speed bound: it fails only when the process never answers (its output is in the message).
  const deadline = Date.now() + (opts.readyMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`server ${name} exited before it was ready:\n${out.slice(-3000)}`);
    try {
      if ((await p.health()).status === 200) return p;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      p.kill();
      throw new Error(
        `server ${name} did not answer /health within ${opts.readyMs ?? 60_000} ms:\n${out.slice(-3000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Resolves once the welcome and the first full state are in. */
async function ready(c: TestClient): Promise<TestClient> {
  await c.until(() => c.of('welcome').length > 0 && c.state?.seats?.length === 2, 'welcome and state');
  return c;
}

export async function quickMatchVia(p: ServerProcess, name: string): Promise<TestClient> {
  const c = p.sdk();
  return ready(new TestClient((await c.joinOrCreate('match', { name } satisfies JoinOptions)) as Room, c));
}

/** A practice match against the computer at `level` (it takes seat 1). */
export async function practiceVia(p: ServerProcess, name: string, level: PracticeLevel): Promise<TestClient> {
  const c = p.sdk();
  return ready(new TestClient((await c.create('match', { name, bot: level } satisfies JoinOptions)) as Room, c));
}

export async function createPrivateVia(p: ServerProcess, opts: JoinOptions): Promise<TestClient> {
  const c = p.sdk();
  return ready(new TestClient((await c.create('match', { ...opts, private: true } satisfies JoinOptions)) as Room, c));
}

export async function joinByIdVia(p: ServerProcess, roomId: string, opts: JoinOptions): Promise<TestClient> {
  const c = p.sdk();
  return ready(new TestClient((await c.joinById(roomId, opts)) as Room, c));
}

/** A quick-matched pair (asked through `via0` and `via1`), its scripted players at the first commitment window. */
export async function pairToCommitVia(
  names: [string, string],
  via0: ServerProcess,
  via1: ServerProcess,
): Promise<readonly [TestClient, TestClient]> {
  const p0 = await quickMatchVia(via0, names[0]);
  const p1 = await quickMatchVia(via1, names[1]);
  if (p1.room.roomId !== p0.room.roomId) throw new Error(`${names.join(' and ')} were not paired into one room`);
  for (const [i, c] of [p0, p1].entries()) {
    const bot = attachBot(c.room as Room, { seed: `${names[i]}-bot`, manualCommit: true });
    await c.until(() => c.of('welcome').length > 0, 'welcome');
    bot.seatNo = c.seat;
    bot.tick();
  }
  await p0
    .until(() => p0.state.phase === 'commit', 'the first commitment window')
    .catch((e: Error) => {
      throw new Error(
        `${e.message}: phase ${p0.state.phase}/${p0.state.step}, errors ${JSON.stringify([...p0.of('error'), ...p1.of('error')])}`,
      );
    });
  return [p0, p1] as const;
}

/** The host:port whose process holds the room the client is connected to (its WebSocket's address). */
export function hostOf(c: TestClient): string {
  return new URL(sdkSocket(c.room).url).host;
}

/** The close code a client saw (its room's onLeave), once it has seen one. */
export function closeCode(c: TestClient): Promise<number> {
  return new Promise((resolve) => c.room.onLeave((code: number) => resolve(code)));
}

/** A GET and its JSON answer, read as `T` (the caller names what the URL answers: http/routes.ts' types). */
export async function getJson<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const r = await fetch(url);
  const text = await r.text();
  try {
    return { status: r.status, body: JSON.parse(text) as T };
  } catch {
    throw new Error(`GET ${url}: ${r.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * Polls another process' state (HTTP, its output) until pred() holds: there is no event to wait on across processes.
 * A pred that throws (the process restarting, say) is asked again; the last error is in the failure's message. The
 * deadline is a hang guard: it only fails when the condition never comes.
 */
export async function eventually<T>(
  pred: () => Promise<T | undefined | false | null>,
  what: string,
  ms = WAIT_GUARD_MS,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown = null;
  for (;;) {
    const v = await pred().catch((e: unknown) => {
      last = e;
      return undefined;
    });
    if (v) return v;
    if (Date.now() > deadline) {
      const why = last === null ? '' : ` (last error: ${last instanceof Error ? last.message : String(last)})`;
      throw new Error(`timed out waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ProcessRig {
  a: ServerProcess;
  b: ServerProcess;
  services: Services;
}

/**
 * Redis and PostgreSQL on loopback and two server processes on them, for the describe block that calls this: started
 * before its tests (two services and two processes: more than the default 10 s on a loaded machine), stopped after,
 * every client in `open` gone first.
 */
export function twoProcessesOnServices(
  env: Record<string, string>,
  open: { leave(): Promise<unknown> }[] = [],
): ProcessRig {
  const procs: ServerProcess[] = [];
  const rig = {} as ProcessRig;
  beforeAll(async () => {
    rig.services = startServices('all');
    const urls = { REDIS_URL: rig.services.env.REDIS_URL!, DATABASE_URL: rig.services.env.DATABASE_URL! };
    [rig.a, rig.b] = await spawnPair({ ...urls, ...env }, procs);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.map((c) => c.leave()));
    await Promise.all(procs.map((p) => stop(p)));
    rig.services?.stop();
  });
  return rig;
}
