// Shared by the client bench scripts (client.ts: bundle size and frame times; profile.ts: where a frame's time goes):
// the build, the bundle sizes, the busiest recorded round, a tiny static server and headless chromium on that round.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { simulateMatch, type MatchEvent } from '@star-eater/engine';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const CLIENT = join(ROOT, 'packages/client');
/** The built client to serve; BENCH_DIST points at another build (e.g. a copy of an older one, for before/after). */
export const DIST = resolve(process.env.BENCH_DIST ?? join(CLIENT, 'dist'));
export const ARTIFACTS = join(ROOT, 'e2e/artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Command-line options: `--name value` and bare `--flag`. */
export function cli(argv = process.argv.slice(2)) {
  return {
    has: (name: string) => argv.includes(`--${name}`),
    opt: (name: string): string | undefined => {
      const i = argv.indexOf(`--${name}`);
      const v = i >= 0 ? argv[i + 1] : undefined;
      return v && !v.startsWith('--') ? v : undefined;
    },
  };
}

// ------------------------------------------------------------------------------------------------ build / bundle

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the client (or, with `reuse`, keeps dist when it is newer than every source). Returns what it did. */
export function ensureBuild(reuse: boolean): string {
  if (process.env.BENCH_DIST) return `served BENCH_DIST=${DIST} as it is (no build)`;
  const distTime = existsSync(join(DIST, 'index.html')) ? statSync(join(DIST, 'index.html')).mtimeMs : 0;
  const srcTime = Math.max(
    newest(join(CLIENT, 'src')),
    newest(join(CLIENT, 'public')),
    statSync(join(CLIENT, 'index.html')).mtimeMs,
    statSync(join(CLIENT, 'vite.config.ts')).mtimeMs,
    newest(join(ROOT, 'packages/engine/src')),
    newest(join(ROOT, 'packages/protocol/src')),
  );
  if (reuse && distTime > srcTime) return 'reused packages/client/dist (newer than every source file)';
  const why = reuse ? 'dist was stale, rebuilt' : 'fresh build';
  const t0 = performance.now();
  const r = spawnSync('pnpm', ['--filter', '@star-eater/client', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('client build failed');
  }
  return `${why}: pnpm --filter @star-eater/client build (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}

export interface Bundle {
  files: { name: string; raw: number; gz: number }[];
  entry: string;
  preloads: string[];
}

export function measureBundle(): Bundle {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module script in dist/index.html');
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]!);
  const files = readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const buf = readFileSync(join(DIST, 'assets', f));
      return { name: `assets/${f}`, raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
    });
  return { files, entry, preloads };
}

// ------------------------------------------------------------------------------------------------ the record

export interface RoundPick {
  seed: string;
  index: number;
  round: number; // 0-based round index in the record
  events: number;
  rounds: number;
  record: unknown;
  byType: Record<string, number>;
}

function roundsOf(events: readonly MatchEvent[]): MatchEvent[][] {
  const out: MatchEvent[][] = [];
  for (const e of events) {
    if (e.type === 'round-started' || out.length === 0) out.push([]);
    out[out.length - 1]!.push(e);
  }
  return out;
}

/** The round with the most events among `matches` simulated matches of `seed` (ties keep the earliest). */
export function busiestRound(seed: string, matches: number): RoundPick {
  let best: RoundPick | null = null;
  for (let i = 0; i < matches; i++) {
    const m = simulateMatch(seed, i);
    const rounds = roundsOf(m.events);
    if (rounds.length !== m.rounds)
      throw new Error(`match ${i}: ${rounds.length} round-started groups for ${m.rounds} rounds`);
    rounds.forEach((r, k) => {
      if (!best || r.length > best.events) {
        const byType: Record<string, number> = {};
        for (const e of r) byType[e.type] = (byType[e.type] ?? 0) + 1;
        best = {
          seed,
          index: i,
          round: k,
          events: r.length,
          rounds: m.rounds,
          record: JSON.parse(JSON.stringify(m.record)),
          byType,
        };
      }
    });
  }
  return best!;
}

// ------------------------------------------------------------------------------------------------ static server

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// ------------------------------------------------------------------------------------------------ browser

// The few Playwright calls used here (its types live in the e2e package, outside the client's tsconfig).
export interface PwLocator {
  setInputFiles(f: { name: string; mimeType: string; buffer: Buffer }): Promise<void>;
  textContent(): Promise<string | null>;
}
export interface PwPage {
  addInitScript(script: string): Promise<void>;
  setDefaultTimeout(ms: number): void;
  on(event: 'pageerror', f: (e: Error) => void): void;
  goto(url: string): Promise<unknown>;
  locator(selector: string): PwLocator;
  waitForFunction(f: () => boolean, arg: null, o: { timeout: number }): Promise<unknown>;
  evaluate<R, A>(f: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R>(f: () => R | Promise<R>): Promise<R>;
  waitForTimeout(ms: number): Promise<void>;
  screenshot(o: { path: string; clip?: { x: number; y: number; width: number; height: number } }): Promise<Buffer>;
  context(): { newCDPSession(page: PwPage): Promise<PwCDP> };
}
export interface PwCDP {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: string, f: (e: unknown) => void): void;
}
export interface PwBrowser {
  newPage(o: { viewport: { width: number; height: number }; deviceScaleFactor: number }): Promise<PwPage>;
  close(): Promise<void>;
}
interface PwChromium {
  launch(o: { executablePath: string; args: string[]; headless: boolean; timeout: number }): Promise<PwBrowser>;
}

export async function launch(): Promise<PwBrowser> {
  // The client package has no Playwright dependency of its own; use the e2e package's (never `playwright install`).
  const req = createRequire(join(ROOT, 'e2e/package.json'));
  const { chromium } = req('@playwright/test') as { chromium: PwChromium };
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: 30_000 });
}

/** Runs in the page: requestAnimationFrame deltas for `ms` milliseconds. */
export const sampleFrames = (ms: number): Promise<number[]> =>
  new Promise<number[]>((done) => {
    const out: number[] = [];
    let first = 0;
    let last = 0;
    const f = (t: number) => {
      if (last) out.push(t - last);
      last = t;
      if (!first) first = t;
      if (t - first > ms) done(out);
      else requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  });

/** Opens the record in the replay viewer (through the lobby's file input) and steps, instantly, to the start of the round. */
export async function openRound(page: PwPage, pick: RoundPick, port: number, query = ''): Promise<void> {
  await page.goto(`http://127.0.0.1:${port}/${query}#/`);
  await page.locator('input[type=file]').setInputFiles({
    name: `bench-${pick.seed}-${pick.index}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(pick.record)),
  });
  await page.waitForFunction(() => /Round 1\//.test(document.getElementById('replay-pos')?.textContent ?? ''), null, {
    timeout: 60_000,
  });
  await page.evaluate((k: number) => {
    const b = (window as unknown as { __board: { player: { skip(): void } } }).__board;
    const next = document.getElementById('replay-next-round') as HTMLButtonElement;
    for (let i = 0; i < k; i++) next.click();
    b.player.skip();
  }, pick.round);
}
