// The Docker image's steps, run without a Docker engine, read from the Dockerfile itself so a changed step
// is run as changed and an instruction this test does not know fails it:
// - the build stage in a copy of the sources git knows (what .dockerignore lets in): the pnpm pin checked, then its RUN
//   lines as written (install, build, `pnpm deploy --prod` into /out, …), /src and /out mapped to temp dirs;
// - the runtime stage: /out copied alone into /app (no workspace around it: a dependency the deploy left out fails
//   here as in the image), its ENV, `node dist/main.js` run as an unprivileged user (nobody, when the tests run as
//   root), SQLite in /data;
// then a quick match played to its end (the record stored and served) and a practice match in which the computer
// answers from its own thread script (dist/bot-worker.js), and SIGTERM ends the process with 0.
import type { Room } from '@colyseus/sdk';
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { envPairs, parseDockerfile, type Stage } from './dockerfile.js';
import type { TestClient } from './harness.js';
import { getJson, practiceVia, quickMatchVia, spawnServer, stop, type ServerProcess } from './processes.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const asRoot = process.getuid?.() === 0;
/** The image's `node` user: nobody here when the tests run as root, else the (unprivileged) user running them. */
const uid = asRoot ? 65534 : process.getuid!();
const gid = asRoot ? 65534 : process.getgid!();

const work = mkdtempSync(join(tmpdir(), 'se-image-'));
chmodSync(work, 0o755);
const paths: Record<string, string> = {
  '/src': join(work, 'src'),
  '/out': join(work, 'out'),
  '/app': join(work, 'app'),
  '/data': join(work, 'data'),
};
/**
 * The image's node comes with its base image, where every user can run it. Here the unprivileged user runs a copy of
 * this process' node from the temp dir: the one it was started from may sit inside the checkout (its .tools), which
 * that user may not be able to enter (a clone under a 0700 directory).
 */
const node = join(work, 'node');
copyFileSync(process.execPath, node);
chmodSync(node, 0o755);
/** The image's absolute paths (and its `node` user) in a command or value, mapped to the temp dirs (and uid). */
function mapped(s: string): string {
  return s
    .replace(/(^|[\s=:])(\/src|\/out|\/app|\/data)(?=$|[\s/])/g, (_, pre: string, p: string) => pre + paths[p])
    .replace(/\bnode:node\b/g, `${uid}:${gid}`);
}

function sh(cmd: string, cwd: string): void {
  try {
    execSync(cmd, {
      cwd,
      shell: '/bin/bash',
      stdio: 'pipe',
      // The machine's pnpm store has every package the lockfile names: no registry round trips.
      env: { ...process.env, CI: 'true', npm_config_prefer_offline: 'true' },
    });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(`${cmd}\n${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`.slice(0, 6000));
  }
}

function stage(name: string): Stage {
  const s = stages.find((x) => x.name === name);
  if (!s) throw new Error(`the Dockerfile has no stage "${name}" (stages: ${stages.map((x) => x.name).join(', ')})`);
  return s;
}

/** The build stage, step by step. */
function runBuild(): void {
  let cwd = root;
  for (const step of stage('build').steps) {
    const pin = step.op === 'RUN' && step.arg.match(/^npm install -g pnpm@(\S+)$/);
    if (pin) {
      // Installed machine-wide in the image: here, the project's pnpm must be that version.
      expect(execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim(), 'the pnpm pin').toBe(pin[1]);
    } else if (step.op === 'WORKDIR') {
      cwd = mapped(step.arg);
      mkdirSync(cwd, { recursive: true });
    } else if (step.op === 'COPY' && step.arg === '. .') {
      sh(`git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C '${cwd}'`, root);
    } else if (step.op === 'RUN') sh(mapped(step.arg), cwd);
    else throw new Error(`Dockerfile line ${step.line}: this test does not know how to run ${step.op} ${step.arg}`);
  }
}

/** The runtime stage up to its command: the environment, the directory and the command to run. */
function runRuntime(): { env: Record<string, string>; cwd: string; cmd: string[] } {
  let env: Record<string, string> = {};
  let cwd = '/';
  let cmd: string[] | null = null;
  let user = false;
  for (const step of stage('runtime').steps) {
    if (step.op === 'ENV') env = { ...env, ...envPairs(mapped(step.arg)) };
    else if (step.op === 'WORKDIR') {
      cwd = mapped(step.arg);
      mkdirSync(cwd, { recursive: true });
    } else if (step.op === 'COPY') {
      const m = step.arg.match(/^--from=build(?: --chown=node:node)? (\S+) (\S+)$/);
      if (!m) throw new Error(`Dockerfile line ${step.line}: COPY ${step.arg}`);
      const dest = mapped(m[2]!);
      cpSync(mapped(m[1]!), dest, { recursive: true });
      if (step.arg.includes('--chown')) sh(`chown -R ${uid}:${gid} '${dest}'`, root);
    } else if (step.op === 'RUN') sh(mapped(step.arg), cwd);
    else if (step.op === 'USER') user = step.arg === 'node';
    else if (step.op === 'CMD') cmd = JSON.parse(step.arg) as string[];
    else if (step.op === 'STOPSIGNAL') expect(step.arg, 'the stop signal the test sends').toBe('SIGTERM');
    else if (step.op !== 'VOLUME' && step.op !== 'EXPOSE')
      throw new Error(`Dockerfile line ${step.line}: this test does not know how to run ${step.op} ${step.arg}`);
  }
  expect(user, 'the runtime runs as the unprivileged node user').toBe(true);
  expect(cmd?.[0], 'the command is plain node').toBe('node');
  return { env, cwd, cmd: cmd!.slice(1) };
}

let proc: ServerProcess | null = null;
let runtime: ReturnType<typeof runRuntime>;
const open: TestClient[] = [];

beforeAll(() => {
  runBuild();
  runtime = runRuntime();
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.leave()));
  await stop(proc);
  rmSync(work, { recursive: true, force: true });
});

describe('the Docker image, its steps run by hand', () => {
  it('runs the deployed server as an unprivileged user, plays a match and the computer, stops on SIGTERM', async () => {
    // The port is the test's (a free one).
    const env = Object.fromEntries(Object.entries(runtime.env).filter(([k]) => k !== 'PORT'));
    expect(env.NODE_ENV).toBe('production');
    // The container listens on all its interfaces; here only loopback.
    proc = await spawnServer('image', {
      exec: { cwd: runtime.cwd, args: runtime.cmd, uid, gid, node },
      env: { ...env, HOST: '127.0.0.1' },
    });
    const status = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1];
    expect(Number(status), 'the server process runs as the unprivileged user').toBe(uid);
    expect((await proc.health()).body).toMatchObject({ status: 'ok', storage: 'sqlite' });
    const page = await fetch(`${proc.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Star Eater Online</title>');

    // Two players: a round played, then a concession; the record is stored (SQLite in /data) and served.
    const a = await quickMatchVia(proc, 'Ada');
    const b = await quickMatchVia(proc, 'Bo');
    open.push(a, b);
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `image-${c.seat}`, aggressive: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    await a.until(() => a.state.phase === 'commit' && a.state.round >= 2, 'the second round', 60_000);
    a.send('concede');
    const ended = await b.until(() => b.of('ended')[0], 'the end');
    expect(ended).toMatchObject({ winner: b.seat, reason: 'concede' });
    expect((await getJson(`${proc.url}/api/records/${ended.recordId}`)).status).toBe(200);
    expect(statSync(runtime.env.SQLITE_PATH!).uid, 'the database file belongs to the unprivileged user').toBe(uid);

    // The computer: its faction choice comes from a bot thread (dist/bot-worker.js, no tsx in the image).
    const p = await practiceVia(proc, 'Cy', 'easy');
    open.push(p);
    (p.room as Room).send('faction', { faction: 'fpa' });
    await p.until(() => p.state.phase === 'draft', 'the computer chose its faction');

    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});
