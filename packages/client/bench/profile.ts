// `node --import tsx packages/client/bench/profile.ts [options]`: where an animated frame's time goes, on the same
// busiest recorded round as `pnpm bench client` (its figures: main-thread time per frame, the board's tick / scene
// update / Pixi render call, WebGL draw calls). In the page it wraps the board's per-frame steps from outside. With
// --trace it records a Chromium trace over the animation and sums the top events per process/thread: the renderer's
// main thread, the GPU process (WebGL command execution in SwiftShader) and the display compositor.
//
// Options: --no-build, --seed S, --matches N, --viewport WxH,
//   --query '?renderer=webgl|canvas'  page URL query (force the board's Pixi renderer, to compare)
//   --trace [--top N]                  Chromium trace summary (N top events, default 40; JSON in /tmp/trace-<tag>.json)
//   --finish                           gl.finish() after each WebGL render (Chromium may not block on it)
//   --hide a,b                         hide stage children by index (0 under-overlay, 1 pieces, 2 top) or BoardView field
//   --eval JS                          run JS with `view` (BoardView) and `app` (Pixi Application) before playing
//   --shots [--at F] [--tag T]         save e2e/artifacts/bench-T-still.png and bench-T-animating.png (frozen at F)
// BENCH_DIST=dir serves another build (e.g. a copy of an older dist, for before/after) without building.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ARTIFACTS, busiestRound, cli, ensureBuild, launch, ms, openRound, pct, serve, type PwCDP } from './harness.js';

const { has, opt } = cli();
const [VW, VH] = (opt('viewport') ?? '1280x720').split('x').map(Number) as [number, number];
const pick = busiestRound(opt('seed') ?? 'bench-client', Number(opt('matches') ?? 4));
console.log(ensureBuild(has('no-build')));
const server = await serve();
const port = (server.address() as AddressInfo).port;
const browser = await launch();
const load0 = loadavg()[0]!;
try {
  const page = await browser.newPage({ viewport: { width: VW, height: VH }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(30_000);
  await page.addInitScript('globalThis.__name = (f) => f;');
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await openRound(page, pick, port, opt('query') ?? '');
  await page.waitForTimeout(500);
  const tag = opt('tag') ?? 'now';
  if (has('shots')) await page.screenshot({ path: join(ARTIFACTS, `bench-${tag}-still.png`) });

  // Instrument.
  const info = await page.evaluate(
    ({ finish, hide, code }: { finish: boolean; hide: string[]; code: string }) => {
      // The shapes of the board's Pixi objects this instrument reads and wraps (a bench pokes at internals).
      type Node = { constructor: { name: string }; children?: Node[]; visible: boolean };
      type App = {
        renderer: { gl?: WebGL2RenderingContext; resolution: number };
        render: () => void;
        stage: { children: Node[] };
        canvas: HTMLCanvasElement;
      };
      type View = {
        app: App;
        opts: { onFrame: (dt: number) => void };
        draw: () => void;
        overlays?: Record<string, Node>;
      } & Record<string, unknown>;
      type Rec = Record<'tick' | 'draw' | 'render' | 'finish' | 'calls' | 'frames', number[]>;
      const view = (window as unknown as { __board: { view: View } }).__board.view;
      const app = view.app;
      const gl = (app.renderer.gl ?? {
        getContextAttributes: () => null,
        getParameter: () => 0,
        SAMPLES: 0,
      }) as WebGL2RenderingContext;
      const rec: Rec = { tick: [], draw: [], render: [], finish: [], calls: [], frames: [] };
      (window as unknown as { __prof: Rec }).__prof = rec;
      let calls = 0;
      for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
        const glFns = gl as unknown as Record<string, ((...a: unknown[]) => unknown) | undefined>;
        const f = glFns[name];
        if (f)
          glFns[name] = function (this: unknown, ...a: unknown[]) {
            calls++;
            return f.apply(this, a);
          };
      }
      const onFrame = view.opts.onFrame;
      view.opts.onFrame = (dt: number) => {
        const t0 = performance.now();
        onFrame(dt);
        rec.tick.push(performance.now() - t0);
      };
      const draw = view.draw.bind(view);
      view.draw = () => {
        const t0 = performance.now();
        draw();
        rec.draw.push(performance.now() - t0);
      };
      const render = app.render.bind(app);
      app.render = () => {
        calls = 0;
        const t0 = performance.now();
        render();
        const t1 = performance.now();
        rec.render.push(t1 - t0);
        if (finish) {
          gl.finish();
          rec.finish.push(performance.now() - t1);
        }
        rec.calls.push(calls);
      };
      for (const h of hide) {
        const o = (/^\d+$/.test(h) ? app.stage.children[Number(h)] : (view[h] ?? view.overlays?.[h])) as
          | Node
          | undefined;
        if (o) o.visible = false;
      }
      if (code) new Function('view', 'app', code)(view, app);
      const cv = app.canvas as HTMLCanvasElement;
      const count = (o: Node): number => 1 + (o.children ?? []).reduce((a, c) => a + count(c), 0);
      return {
        canvas: `${cv.width}x${cv.height} (css ${cv.clientWidth}x${cv.clientHeight})`,
        resolution: app.renderer.resolution,
        antialias: gl.getContextAttributes()?.antialias,
        samples: gl.getParameter(gl.SAMPLES),
        stage: app.stage.children.map((c) => `${c.constructor.name}(${count(c)})`).join(' '),
      };
    },
    { finish: has('finish'), hide: (opt('hide') ?? '').split(',').filter(Boolean), code: opt('eval') ?? '' },
  );
  console.log('canvas', info);

  let cdp: PwCDP | null = null;
  const traceEvents: {
    name: string;
    ph: string;
    dur?: number;
    pid: number;
    tid: number;
    cat: string;
    args?: { name?: string };
  }[] = [];
  if (has('trace')) {
    cdp = await page.context().newCDPSession(page);
    cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...(e as { value: typeof traceEvents }).value));
    await cdp.send('Tracing.start', {
      categories: 'toplevel,disabled-by-default-devtools.timeline,gpu,viz,cc,blink,__metadata',
      transferMode: 'ReportEvents',
    });
  }
  const r = await page.evaluate(
    () =>
      new Promise<{ intervals: number[]; work: number[]; durationMs: number }>((done) => {
        const b = (window as unknown as { __board: { player: { speed: number; queue: { busy: boolean } } } }).__board;
        b.player.speed = 1;
        const intervals: number[] = [];
        const work: number[] = [];
        const ch = new MessageChannel();
        let frameStart = 0;
        ch.port1.onmessage = () => work.push(performance.now() - frameStart);
        let last = 0;
        let started = 0;
        const tick = (t: number) => {
          if (last) intervals.push(t - last);
          last = t;
          frameStart = t;
          ch.port2.postMessage(0);
          if (!b.player.queue.busy && t - started > 200) {
            done({ intervals, work, durationMs: t - started });
            return;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame((t) => {
          started = last = t;
          (document.getElementById('replay-next-round') as HTMLButtonElement).click();
          requestAnimationFrame(tick);
        });
      }),
  );
  if (cdp) {
    const doneP = new Promise<void>((ok) => cdp!.on('Tracing.tracingComplete', () => ok()));
    await cdp.send('Tracing.end');
    await doneP;
  }
  const prof = await page.evaluate(() => (window as unknown as { __prof: Record<string, number[]> }).__prof);
  const line = (name: string, xs: number[]) =>
    xs.length
      ? `${name.padEnd(17)} n ${String(xs.length).padStart(4)}  p50 ${ms(pct(xs, 50))}  p95 ${ms(pct(xs, 95))}  max ${ms(Math.max(...xs))}  mean ${ms(xs.reduce((a, b) => a + b, 0) / xs.length)}`
      : `${name}: none`;
  console.log(
    `round ${pick.round + 1} of simulateMatch("${pick.seed}", ${pick.index}), ${pick.events} events, ${VW}x${VH}; load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} (${cpus().length} CPUs)`,
  );
  console.log(line('interval', r.intervals));
  console.log(line('main(rAF→commit)', r.work));
  console.log(line('tick(js)', prof.tick!));
  console.log(line('draw(js)', prof.draw!));
  console.log(line('render', prof.render!));
  if (prof.finish!.length) console.log(line('gl.finish', prof.finish!));
  console.log(line('drawcalls', prof.calls!));
  if (traceEvents.length) {
    const names = new Map<string, string>();
    for (const e of traceEvents)
      if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    const procs = new Map<number, string>();
    for (const e of traceEvents) if (e.ph === 'M' && e.name === 'process_name') procs.set(e.pid, e.args?.name ?? '?');
    const sums = new Map<string, number>();
    for (const e of traceEvents) {
      if (e.ph !== 'X' || !e.dur) continue;
      const thread = `${procs.get(e.pid) ?? e.pid}/${names.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
      const k = `${thread} :: ${e.name}`;
      sums.set(k, (sums.get(k) ?? 0) + e.dur / 1000);
    }
    const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(opt('top') ?? 40));
    const get = (k: string) => sums.get(k) ?? 0;
    const nr = prof.render!.length;
    console.log(
      `per rendered frame (${nr}): GPU process WebGL command execution ${ms(get('GPU Process/CrGpuMain :: WebGL') / nr)}, ` +
        `renderer main waiting on the canvas readback (GLES2::ReadPixels) ${ms(get('Renderer/CrRendererMain :: GLES2::ReadPixels') / nr)}; ` +
        `per frame (${r.intervals.length}): display compositor draw ${ms(get('GPU Process/VizCompositorThread :: Display::DrawAndSwap') / r.intervals.length)}`,
    );
    console.log(
      `trace: top events by summed duration over ${(r.durationMs / 1000).toFixed(1)} s (nested events double-count)`,
    );
    for (const [k, v] of top) console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
    writeFileSync(`/tmp/trace-${tag}.json`, JSON.stringify({ traceEvents }));
  }
  if (has('shots')) {
    // Mid-animation: replay the round from its start and freeze the queue (speed 0) once `--at` (default 0.4) of its
    // steps have played, inside a step with a float/beam when there is one; then a screenshot of the whole page.
    await openRound(page, pick, port, opt('query') ?? '');
    await page.waitForTimeout(300);
    await page.evaluate(
      (at: number) =>
        new Promise<void>((ok) => {
          const b = (
            window as unknown as {
              __board: {
                board: { floats: unknown[]; beams: unknown[] };
                player: { speed: number; queue: { pending: number } };
              };
            }
          ).__board;
          b.player.speed = 1;
          (document.getElementById('replay-next-round') as HTMLButtonElement).click();
          const total = b.player.queue.pending;
          const f = () => {
            const q = b.player.queue;
            if (
              q.pending <= total * (1 - at) &&
              (b.board.floats.length > 0 || b.board.beams.length > 0 || q.pending <= total * (1 - at) - 30)
            ) {
              b.player.speed = 0;
              ok();
            } else requestAnimationFrame(f);
          };
          requestAnimationFrame(f);
        }),
      Number(opt('at') ?? 0.4),
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ARTIFACTS, `bench-${tag}-animating.png`) });
    console.log(`screenshots: e2e/artifacts/bench-${tag}-still.png, bench-${tag}-animating.png`);
  }
} finally {
  await browser.close();
  server.close();
}
