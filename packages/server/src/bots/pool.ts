// The bot pool: worker threads (worker.ts) shared by every room of the process, so a bot's search never runs on the
// rooms' event loop. Sized to the cores by default (all but one, which the event loop needs; the threads also run
// at a lower priority); a job waits in one FIFO queue for a free thread. Threads start on
// demand. A thread that throws, exits or overruns `maxJobMs` fails its job (the room then takes the RULES §7 default)
// and is replaced by the next job. close() fails what is queued and stops every thread.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { BotAnswer, BotLevel, BotOptions, BotRequest } from './levels.js';

export interface ToWorker {
  id: number;
  level: BotLevel;
  request: BotRequest;
  options: BotOptions;
}
export type FromWorker = { id: number; answer: BotAnswer; received?: ToWorker } | { id: number; error: string };

export interface BotJob {
  level: BotLevel;
  request: BotRequest;
  options: BotOptions;
}
export interface BotResult {
  answer: BotAnswer;
  /** What the thread received (only with `echo`: tests check what a bot seat was shown). */
  received?: ToWorker;
  /** ms from the job's start on a thread to its answer (wall clock, for logs and the bench). */
  ms: number;
}

export interface BotPoolOptions {
  /** Threads (default: the machine's cores but one, left to the rooms' event loop; at least 1). */
  size?: number;
  /**
   * How much nicer than the process the threads run (Linux; default 10, at most nice 19): below the rooms' event loop
   * when they share a core.
   */
  nice?: number;
  /** The thread's script (default worker.ts). */
  workerUrl?: URL;
  /** Threads send back what they received with each answer. */
  echo?: boolean;
  /** A job that takes longer than this (ms, wall clock) gets its thread terminated (default 30 s). */
  maxJobMs?: number;
  log?: Logger;
}

interface Job extends BotJob {
  id: number;
  resolve(r: BotResult): void;
  reject(e: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  startedAt: number;
  watchdog: ReturnType<typeof setTimeout> | null;
}

// The thread's script: from the sources, worker.ts; from the production bundle (build.mjs: dist/main.js), its own
// bundled dist/bot-worker.js beside it — the image has no tsx (a dev dependency) and no TypeScript sources.
const BUNDLED = !import.meta.url.endsWith('.ts');
const DEFAULT_WORKER = new URL(BUNDLED ? './bot-worker.js' : './worker.ts', import.meta.url);

/** A TypeScript worker loads through tsx, found from here (a worker does not inherit a test runner's loader). */
function execArgvFor(script: URL): string[] {
  if (!script.pathname.endsWith('.ts')) return [];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
}

export class BotPool {
  readonly size: number;
  private readonly workerUrl: URL;
  private readonly maxJobMs: number;
  private threads = new Set<Thread>();
  private queue: Job[] = [];
  private seq = 0;
  private closed = false;
  /** Jobs answered, failed, and cancelled while still queued (their answer no longer wanted), since the start. */
  readonly counts = { done: 0, failed: 0, cancelled: 0 };
  /** With `echo`: every request as a thread received it, in the order answered. */
  readonly received: ToWorker[] = [];

  constructor(private readonly opts: BotPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? availableParallelism() - 1);
    this.workerUrl = opts.workerUrl ?? DEFAULT_WORKER;
    this.maxJobMs = opts.maxJobMs ?? 30_000;
  }

  /** Jobs waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** Starts every thread now (a thread's first start loads the bots: about a second), so no answer waits for it. */
  warm(): void {
    while (!this.closed && this.threads.size < this.size) this.spawn();
  }

  /**
   * Runs a job on the next free thread. `signal`: the answer is no longer wanted (the room took the default, or moved
   * on): a job still queued leaves the queue (rejected), so an overloaded pool does not work through a backlog of
   * answers nobody waits for; a job already running finishes (a thread cannot be interrupted mid-search cheaply).
   */
  run(job: BotJob, signal?: AbortSignal): Promise<BotResult> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    if (signal?.aborted) return Promise.reject(new Error('the answer is no longer wanted'));
    return new Promise<BotResult>((resolve, reject) => {
      const queued: Job = { ...job, id: ++this.seq, resolve, reject };
      this.queue.push(queued);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.queue.indexOf(queued);
          if (i < 0) return;
          this.queue.splice(i, 1);
          this.counts.cancelled += 1;
          reject(new Error('the answer is no longer wanted'));
        },
        { once: true },
      );
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let free: Thread | undefined;
      for (const t of this.threads) if (!t.job) free = t;
      if (!free && this.threads.size < this.size) free = this.spawn();
      if (!free) return;
      this.start(free, this.queue.shift()!);
    }
  }

  private start(t: Thread, job: Job): void {
    t.job = job;
    t.startedAt = performance.now();
    t.watchdog = setTimeout(() => this.fail(t, new Error(`the bot took over ${this.maxJobMs} ms`)), this.maxJobMs);
    t.watchdog.unref();
    const msg: ToWorker = { id: job.id, level: job.level, request: job.request, options: job.options };
    t.worker.postMessage(msg);
  }

  private spawn(): Thread {
    const workerData = { echo: !!this.opts.echo, nice: this.opts.nice ?? 10 };
    const worker = new Worker(this.workerUrl, { execArgv: execArgvFor(this.workerUrl), workerData });
    worker.unref();
    const t: Thread = { worker, job: null, startedAt: 0, watchdog: null };
    worker.on('message', (m: FromWorker) => this.onMessage(t, m));
    worker.on('error', (e) => this.fail(t, e));
    worker.on('exit', (code) => this.fail(t, new Error(`the bot thread exited (code ${code})`)));
    this.threads.add(t);
    return t;
  }

  private onMessage(t: Thread, m: FromWorker): void {
    const job = t.job;
    if (!job || job.id !== m.id) return;
    this.settle(t);
    if ('error' in m) {
      this.counts.failed += 1;
      job.reject(new Error(m.error));
    } else {
      this.counts.done += 1;
      if (m.received) this.received.push(m.received);
      job.resolve({
        answer: m.answer,
        ms: performance.now() - t.startedAt,
        ...(m.received ? { received: m.received } : {}),
      });
    }
    this.pump();
  }

  private settle(t: Thread): void {
    if (t.watchdog) clearTimeout(t.watchdog);
    t.watchdog = null;
    t.job = null;
  }

  /** The thread is lost (threw, exited, overran): its job fails, the next job gets a fresh thread. */
  private fail(t: Thread, e: Error): void {
    if (!this.threads.delete(t)) return;
    const job = t.job;
    this.settle(t);
    void t.worker.terminate();
    if (job) {
      this.counts.failed += 1;
      if (!this.closed) this.opts.log?.error({ err: e, bot: job.level, kind: job.request.kind }, 'bot thread failed');
      job.reject(e);
    }
    if (!this.closed) this.pump();
  }

  /** Fails the queued and running jobs and stops every thread. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('the bot pool is closed');
    for (const j of this.queue.splice(0)) j.reject(err);
    const threads = [...this.threads];
    for (const t of threads) this.fail(t, err);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
