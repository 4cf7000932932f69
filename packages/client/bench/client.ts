// `pnpm bench client [options]`: the web client's two figures from the issue.
//  (a) Bundle: the built client's JavaScript in packages/client/dist/assets (source maps excluded), raw and gzip
//      (level 9): all chunks together, the entry chunk that index.html loads, and the initial load (the entry plus
//      the chunks index.html preloads). Lazy chunks (the engine's replay, Pixi's renderer back-ends) load later.
//  (b) Frames: headless Debian chromium (/usr/bin/chromium, WebGL through SwiftShader: --disable-gpu) opens the
//      built client served by a tiny static server on 127.0.0.1, opens a real record file (a random match played by
//      the engine's simulateMatch) in the replay viewer through the lobby's file input, steps to the round with the
//      most events, and plays that round at 1× while the page samples requestAnimationFrame deltas until the
//      animation queue runs dry. It also samples each frame's main-thread work: from the frame's rAF timestamp to
//      a message posted from the rAF callback, which runs once the frame's script, style, layout and paint are done.
//
// Options:
//   --no-build        reuse packages/client/dist if it is newer than every client/engine/protocol source (else build)
//   --seed S          seed for the simulated matches (default "bench-client")
//   --matches N       matches simulated to pick the busiest round from (default 4)
//   --viewport WxH    browser viewport (default 1280x720)
//   --timeout S       give up on the frame measurement after S seconds (default 120)
//   --json            also print the figures as JSON
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { simulateMatch } from '@star-eater/engine/simulate';
import type { MatchEvent } from '@star-eater/engine/events';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const CLIENT = join(ROOT, 'packages/client');
const DIST = join(CLIENT, 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const argv = process.argv.slice(2);
const has = (name: string) => argv.includes(`--${name}`);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : undefined;
};
const SEED = opt('seed') ?? 'bench-client';
const MATCHES = Math.max(1, Number(opt('matches') ?? 4));
const [VW, VH] = (opt('viewport') ?? '1280x720').split('x').map(Number) as [number, number];
const TIMEOUT_MS = Number(opt('timeout') ?? 120) * 1000;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
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

function ensureBuild(): string {
  const distTime = existsSync(join(DIST, 'index.html')) ? statSync(join(DIST, 'index.html')).mtimeMs : 0;
  const srcTime = Math.max(
    newest(join(CLIENT, 'src')),
    newest(join(CLIENT, 'public')),
    statSync(join(CLIENT, 'index.html')).mtimeMs,
    statSync(join(CLIENT, 'vite.config.ts')).mtimeMs,
    newest(join(ROOT, 'packages/engine/src')),
    newest(join(ROOT, 'packages/protocol/src')),
  );
  if (has('no-build') && distTime > srcTime) return 'reused packages/client/dist (newer than every source file)';
  const why = has('no-build') ? 'dist was stale, rebuilt' : 'fresh build';
  const t0 = performance.now();
  const r = spawnSync('pnpm', ['--filter', '@star-eater/client', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('client build failed');
  }
  return `${why}: pnpm --filter @star-eater/client build (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}

interface Bundle {
  files: { name: string; raw: number; gz: number }[];
  entry: string;
  preloads: string[];
}

function measureBundle(): Bundle {
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

interface Pick {
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

function busiestRound(): Pick {
  let best: Pick | null = null;
  for (let i = 0; i < MATCHES; i++) {
    const m = simulateMatch(SEED, i);
    const rounds = roundsOf(m.events);
    if (rounds.length !== m.rounds) throw new Error(`match ${i}: ${rounds.length} round-started groups for ${m.rounds} rounds`);
    rounds.forEach((r, k) => {
      // Ties keep the earliest (match, round): deterministic.
      if (!best || r.length > best.events) {
        const byType: Record<string, number> = {};
        for (const e of r) byType[e.type] = (byType[e.type] ?? 0) + 1;
        best = { seed: SEED, index: i, round: k, events: r.length, rounds: m.rounds, record: JSON.parse(JSON.stringify(m.record)), byType };
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

function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// ------------------------------------------------------------------------------------------------ frames

interface Frames {
  intervals: number[];
  work: number[];
  durationMs: number;
  label: string;
  renderer: string;
  gl: string;
  dpr: number;
  timedOut: boolean;
  idle: number[];
  blank: number[];
  stopped: number[];
}

// The few Playwright calls used here (its types live in the e2e package, outside the client's tsconfig).
interface PwLocator {
  setInputFiles(f: { name: string; mimeType: string; buffer: Buffer }): Promise<void>;
  textContent(): Promise<string | null>;
}
interface PwPage {
  addInitScript(script: string): Promise<void>;
  setDefaultTimeout(ms: number): void;
  on(event: 'pageerror', f: (e: Error) => void): void;
  goto(url: string): Promise<unknown>;
  locator(selector: string): PwLocator;
  waitForFunction(f: () => boolean, arg: null, o: { timeout: number }): Promise<unknown>;
  evaluate<R, A>(f: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R>(f: () => R | Promise<R>): Promise<R>;
  waitForTimeout(ms: number): Promise<void>;
}
interface PwBrowser {
  newPage(o: { viewport: { width: number; height: number }; deviceScaleFactor: number }): Promise<PwPage>;
  close(): Promise<void>;
}
interface PwChromium {
  launch(o: { executablePath: string; args: string[]; headless: boolean; timeout: number }): Promise<PwBrowser>;
}

/** Runs in the page: requestAnimationFrame deltas for `ms` milliseconds. */
const sampleFrames = (ms: number): Promise<number[]> =>
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

async function measureFrames(pick: Pick, port: number): Promise<Frames> {
  // The client package has no Playwright dependency of its own; use the e2e package's (never `playwright install`).
  const req = createRequire(join(ROOT, 'e2e/package.json'));
  const { chromium } = req('@playwright/test') as { chromium: PwChromium };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: 30_000 });
  const hardStop = setTimeout(() => {
    console.error(`bench client: no result after ${TIMEOUT_MS + 60_000} ms, giving up`);
    void browser.close().finally(() => process.exit(1));
  }, TIMEOUT_MS + 60_000);
  try {
    const page = await browser.newPage({ viewport: { width: VW, height: VH }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(30_000);
    // tsx (esbuild keepNames) wraps named functions in the evaluated callbacks with __name(); give the page one.
    await page.addInitScript('globalThis.__name = (f) => f;');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Control: rAF deltas on an empty page for 1 s (what the browser on this machine does with nothing to draw).
    await page.goto(`http://127.0.0.1:${port}/blank`);
    const blank = await page.evaluate(sampleFrames, 1000);
    await page.goto(`http://127.0.0.1:${port}/#/`);
    await page.locator('input[type=file]').setInputFiles({
      name: `bench-${pick.seed}-${pick.index}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(pick.record)),
    });
    await page.waitForFunction(() => /Round 1\//.test(document.getElementById('replay-pos')?.textContent ?? ''), null, { timeout: 60_000 });
    // Step to the start of the chosen round, instantly.
    await page.evaluate((k: number) => {
      const b = (window as unknown as { __board: { player: { skip(): void } } }).__board;
      const next = document.getElementById('replay-next-round') as HTMLButtonElement;
      for (let i = 0; i < k; i++) next.click();
      b.player.skip();
    }, pick.round);
    // Let the board settle for half a second, then a baseline: rAF deltas on the still board for 2 s.
    await page.waitForTimeout(500);
    const label = (await page.locator('#replay-pos').textContent()) ?? '';
    const idle = await page.evaluate(sampleFrames, 2000);
    // Diagnostic: the same still board with Pixi's ticker stopped (no render per frame), 1 s.
    const ticker = (on: boolean) =>
      page.evaluate((start: boolean) => {
        const t = (window as unknown as { __board: { view: { app: { ticker: { stop(): void; start(): void } } } } }).__board.view.app.ticker;
        if (start) t.start();
        else t.stop();
      }, on);
    await ticker(false);
    const stopped = await page.evaluate(sampleFrames, 1000);
    await ticker(true);
    await page.waitForTimeout(300);
    const r = await page.evaluate(
      ({ timeout }: { timeout: number }) =>
        new Promise<Omit<Frames, 'label' | 'renderer' | 'gl' | 'dpr' | 'idle' | 'blank' | 'stopped'>>((done) => {
          const b = (window as unknown as { __board: { player: { speed: number; queue: { busy: boolean } } } }).__board;
          b.player.speed = 1;
          const intervals: number[] = [];
          const work: number[] = [];
          const ch = new MessageChannel();
          let frameStart = 0;
          ch.port1.onmessage = () => work.push(performance.now() - frameStart);
          let last = 0;
          let started = 0;
          let stopped = false;
          const tick = (t: number) => {
            if (stopped) return;
            if (last) intervals.push(t - last);
            last = t;
            frameStart = t;
            ch.port2.postMessage(0);
            const idle = !b.player.queue.busy;
            if ((idle && started && t - started > 200) || (started && t - started > timeout)) {
              stopped = true;
              setTimeout(() => done({ intervals, work, durationMs: t - started, timedOut: !idle }), 50);
              return;
            }
            requestAnimationFrame(tick);
          };
          requestAnimationFrame((t) => {
            started = t;
            last = t;
            (document.getElementById('replay-next-round') as HTMLButtonElement).click();
            requestAnimationFrame(tick);
          });
        }),
      { timeout: TIMEOUT_MS },
    );
    const info = await page.evaluate(() => {
      const c = document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
      const ext = c?.getExtension('WEBGL_debug_renderer_info');
      const gl = c && ext ? String(c.getParameter(ext.UNMASKED_RENDERER_WEBGL)) : c ? String(c.getParameter(c.RENDERER)) : 'no webgl';
      const board = (window as unknown as { __board: { view: { app?: { renderer?: { name?: string; type?: number } } } } }).__board;
      const rn = board.view.app?.renderer;
      return { gl, renderer: rn?.name ?? String(rn?.type ?? '?'), dpr: devicePixelRatio };
    });
    if (errors.length) console.error(`page errors: ${errors.slice(0, 3).join(' | ')}`);
    return { ...r, label, idle, blank, stopped, ...info };
  } finally {
    clearTimeout(hardStop);
    await browser.close();
  }
}

// ------------------------------------------------------------------------------------------------ main

const load = loadavg();
const machine = `${cpus().length} CPUs, load average ${load.map((x) => x.toFixed(1)).join(' ')} at start`;
const built = ensureBuild();
const bundle = measureBundle();
const sum = (fs: Bundle['files']) => fs.reduce((a, f) => ({ raw: a.raw + f.raw, gz: a.gz + f.gz }), { raw: 0, gz: 0 });
const all = sum(bundle.files);
const entry = bundle.files.find((f) => f.name === bundle.entry);
if (!entry) throw new Error(`entry ${bundle.entry} not in dist/assets`);
const initial = sum(bundle.files.filter((f) => f.name === bundle.entry || bundle.preloads.includes(f.name)));
console.log(`client bundle (${built})`);
console.log(`  all JS chunks (${bundle.files.length}): ${kb(all.raw)} raw, ${kb(all.gz)} gzip`);
console.log(`  entry chunk ${bundle.entry}: ${kb(entry.raw)} raw, ${kb(entry.gz)} gzip`);
console.log(`  initial load (entry + ${bundle.preloads.length} preloaded): ${kb(initial.raw)} raw, ${kb(initial.gz)} gzip  [goal < 300 KB gzip: ${initial.gz < 300 * 1024 ? 'met' : 'NOT met'}]`);

const pick = busiestRound();
const server = await serve();
const port = (server.address() as AddressInfo).port;
let frames: Frames;
try {
  frames = await measureFrames(pick, port);
} finally {
  server.close();
}
const loadEnd = loadavg()[0]!;
const top = Object.entries(pick.byType)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 6)
  .map(([t, n]) => `${t} ${n}`)
  .join(', ');
console.log(
  `frames: replay of simulateMatch("${pick.seed}", ${pick.index}) (${pick.rounds} rounds; busiest of ${MATCHES} matches), round ${pick.round + 1}: ${pick.events} events (${top}, …)`,
);
console.log(`  chromium headless ${VW}x${VH} dpr ${frames.dpr}, Pixi renderer ${frames.renderer}, WebGL: ${frames.gl}; played at 1× for ${(frames.durationMs / 1000).toFixed(1)} s, ${frames.intervals.length} frames; from "${frames.label}"${frames.timedOut ? ' (TIMED OUT)' : ''}`);
console.log(`  machine: ${machine}, ${loadEnd.toFixed(1)} at end${Math.max(load[0]!, loadEnd) > cpus().length ? ' — OVERLOADED by other processes: frame figures are not representative, re-run on an idle machine' : ''}`);
const iv = frames.intervals;
console.log(`  frame interval (rAF delta): p50 ${ms(pct(iv, 50))}  p95 ${ms(pct(iv, 95))}  p99 ${ms(pct(iv, 99))}  max ${ms(Math.max(...iv))}  [goal p95 < 16.7 ms: ${pct(iv, 95) < 16.7 ? 'met' : 'NOT met'}]`);
console.log(`  baselines: the still board before playing (2 s): rAF delta p50 ${ms(pct(frames.idle, 50))}  p95 ${ms(pct(frames.idle, 95))}; the same with Pixi's ticker stopped (1 s): p50 ${ms(pct(frames.stopped, 50))}  p95 ${ms(pct(frames.stopped, 95))}; an empty page (1 s): p50 ${ms(pct(frames.blank, 50))}  p95 ${ms(pct(frames.blank, 95))}`);
const wk = frames.work;
console.log(`  main-thread work per frame (rAF → after paint): p50 ${ms(pct(wk, 50))}  p95 ${ms(pct(wk, 95))}  p99 ${ms(pct(wk, 99))}  max ${ms(Math.max(...wk))}`);
console.log(`  frames over 16.7 ms: ${iv.filter((x) => x > 16.7).length}/${iv.length}; over 33.4 ms: ${iv.filter((x) => x > 33.4).length}`);
if (has('json')) {
  console.log(JSON.stringify({ bundle: { all, entry, initial, built }, round: { ...pick, record: undefined }, machine, frames: { ...frames, intervals: undefined, work: undefined, idle: undefined, blank: undefined, stopped: undefined, p: { interval: [50, 95, 99].map((p) => pct(iv, p)), work: [50, 95, 99].map((p) => pct(wk, p)) } } }));
}
