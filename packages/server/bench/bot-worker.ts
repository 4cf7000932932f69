// One bot process of `pnpm bench server` (started by server.ts with SE_BENCH_WORKER set to its WorkerConfig): plays
// its share of the matches through the SDK, joining at its share of the join rate, and reports what its clients saw.
// Both clients of a match live here, so one monotonic clock times a round: from the moment the SECOND lock-in is sent
// to the moment BOTH clients hold the round's result (the `events` message with done: true; decision prompts on the
// way are answered at once, so their round trips are included). A finished match asks for a rematch, so every match
// stays live for the whole window.
import '../src/node-websocket.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface WorkerConfig {
  port: number;
  matches: number;
  firstIndex: number;
  joinRate: number;
  think: [number, number];
  /** Matches against the computer (issue 10) this process plays beside, not measured: one scripted player each. */
  computerMatches?: number;
  computerLevel?: 'random' | 'easy' | 'medium' | 'hard';
}

export interface WorkerStats {
  latencies: number[];
  rounds: number;
  bytes: number;
  frames: number;
  clients: number;
  byKind: Record<string, number>;
  refused: Record<string, number>;
  joinErrors: number;
  /** Join failures by reason (the SDK's error message, ids stripped). */
  joinErrorReasons: Record<string, number>;
  unexpectedLeaves: number;
  loopP99: number;
  loopMax: number;
  /** This process's event-loop delay while its matches joined. */
  joinLoop: { p99: number; max: number };
}

export type ToWorker = { cmd: 'measure' } | { cmd: 'stop' };
export type FromWorker =
  | { kind: 'ready'; live: number; joinErrors: number }
  | { kind: 'stats'; stats: WorkerStats }
  | { kind: 'error'; message: string };

if (process.env.SE_BENCH_WORKER) await runWorker(JSON.parse(process.env.SE_BENCH_WORKER) as WorkerConfig);

async function runWorker(cfg: WorkerConfig): Promise<void> {
  const { Client } = await import('@colyseus/sdk');
  const { attachBot } = await import('../test/bot.js');
  const { sdkSocket } = await import('../src/colyseus-internals.js');
  type Room = import('@colyseus/sdk').Room;
  type Bot = ReturnType<typeof attachBot>;
  const send = (m: FromWorker) => process.send!(m);
  const url = `ws://127.0.0.1:${cfg.port}`;
  const [tMin, tMax] = cfg.think;
  const think = () => tMin + Math.random() * (tMax - tMin);

  let measuring = false;
  let stopping = false;
  const latencies: number[] = [];
  let rounds = 0;
  let bytes = 0;
  let frames = 0;
  let joinErrors = 0;
  const joinErrorReasons: Record<string, number> = {};
  let unexpectedLeaves = 0;
  let live = 0;
  const byKind: Record<string, number> = {};
  const bots: Bot[] = [];
  const clients: Room[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  const FRAME = { 10: 'join', 14: 'state', 15: 'patch', 18: 'ping' } as Record<number, string>;
  const dec = new TextDecoder();
  const kindOf = (b: Uint8Array): string => {
    const code = b[0]! & 0x1f;
    if (code === 13 && (b[1]! & 0xe0) === 0xa0) return `msg:${dec.decode(b.subarray(2, 2 + (b[1]! & 0x1f)))}`;
    return FRAME[code] ?? `code${code}`;
  };

  const countBytes = (room: Room) => {
    sdkSocket(room).addEventListener('message', (ev: MessageEvent) => {
      if (!measuring) return;
      const data = ev.data as ArrayBuffer;
      bytes += data.byteLength;
      frames += 1;
      const k = kindOf(new Uint8Array(data));
      byKind[k] = (byKind[k] ?? 0) + data.byteLength;
    });
  };

  async function playMatch(i: number): Promise<void> {
    /** `${matchNo}:${round}` → time each seat sent its (latest) lock-in, and how many clients hold the result. */
    const lockAt = new Map<string, [number, number]>();
    const arrived = new Map<string, { n: number; at: number }>();
    let started = false;
    const wire = (room: Room, k: 0 | 1) => {
      countBytes(room);
      clients.push(room);
      room.reconnection.enabled = false;
      const key = (round: number) => `${(room.state as { matchNo: number }).matchNo}:${round}`;
      const bot = attachBot(room, {
        seed: `bench-${i}-${k}`,
        aggressive: true,
        thinkMs: think,
        onCommit: (round) => {
          const t = lockAt.get(key(round)) ?? [NaN, NaN];
          t[k] = performance.now();
          lockAt.set(key(round), t);
        },
      });
      bots.push(bot);
      room.onStateChange((st: { phase?: string }) => {
        if (!started && k === 0 && st.phase === 'commit') {
          started = true;
          live += 1;
        }
      });
      room.onMessage('events', (e: { round: number; done: boolean }) => {
        if (!e.done) return;
        const id = key(e.round);
        const a = arrived.get(id) ?? { n: 0, at: 0 };
        a.n += 1;
        a.at = performance.now();
        arrived.set(id, a);
        if (a.n < 2) return;
        arrived.delete(id);
        const t = lockAt.get(id);
        lockAt.delete(id);
        if (!measuring || !t) return;
        rounds += 1;
        const last = Math.max(t[0], t[1]);
        if (Number.isFinite(last)) latencies.push(a.at - last);
      });
      room.onMessage('ended', () => {
        if (!stopping) room.send('rematch');
      });
      room.onLeave(() => {
        if (!stopping) unexpectedLeaves += 1;
      });
    };
    let step = 'create';
    try {
      const a = (await new Client(url).create('match', { name: `bot${i}a` })) as Room;
      wire(a, 0);
      step = 'join';
      const b = (await new Client(url).joinById(a.roomId, { name: `bot${i}b` })) as Room;
      wire(b, 1);
    } catch (e) {
      joinErrors += 1;
      const err = e as { message?: string; code?: number | string; cause?: { code?: string; message?: string } };
      const why = [err?.code, err?.message, err?.cause?.code ?? err?.cause?.message]
        .filter((x) => x !== undefined && x !== '')
        .join(' ');
      const reason = `${step}: ${(why || String(e)).replace(/[A-Za-z0-9_-]{9,}/g, '…').slice(0, 120)}`;
      joinErrorReasons[reason] = (joinErrorReasons[reason] ?? 0) + 1;
    }
  }

  // Joins at the configured rate, and never more than MAX_JOINING matches joining at once: when the server (or this
  // process) falls behind, new joins wait here instead of piling up seat reservations that expire (15 s).
  const MAX_JOINING = 32;
  let joining = 0;
  const slotFree: Array<() => void> = [];
  const joins: Promise<void>[] = [];
  const gap = 1000 / Math.max(1, cfg.joinRate);
  const t0 = performance.now();
  for (let j = 0; j < cfg.matches; j++) {
    while (joining >= MAX_JOINING) await new Promise<void>((r) => slotFree.push(r));
    joining += 1;
    joins.push(
      playMatch(cfg.firstIndex + j).finally(() => {
        joining -= 1;
        slotFree.shift()?.();
      }),
    );
    const wait = t0 + (j + 1) * gap - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(joins);
  // The matches against the computer (`--bot-matches`): their player thinks like the others, nothing is measured.
  const { computerMatch } = await import('../test/load-players.js');
  for (let j = 0; j < (cfg.computerMatches ?? 0); j++) {
    await computerMatch(url, cfg.firstIndex + j, cfg.computerLevel ?? 'hard', think).catch(() => {
      joinErrors += 1;
    });
  }
  const joinLoop = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  // Ready when every match that joined has reached its first commitment window.
  const readyTimer = setInterval(() => {
    if (live + joinErrors >= cfg.matches) {
      clearInterval(readyTimer);
      send({ kind: 'ready', live, joinErrors });
    }
  }, 100);

  process.on('message', (m: ToWorker) => {
    if (m.cmd === 'measure') {
      measuring = true;
      loop.reset();
    } else if (m.cmd === 'stop') {
      measuring = false;
      stopping = true;
      const refused: Record<string, number> = {};
      for (const b of bots)
        for (const e of b.errors) refused[`${e.type}:${e.code}`] = (refused[`${e.type}:${e.code}`] ?? 0) + 1;
      send({
        kind: 'stats',
        stats: {
          latencies,
          rounds,
          bytes,
          frames,
          clients: clients.length,
          byKind,
          refused,
          joinErrors,
          joinErrorReasons,
          unexpectedLeaves,
          loopP99: loop.percentile(99) / 1e6,
          loopMax: loop.max / 1e6,
          joinLoop,
        },
      });
      setTimeout(() => process.exit(0), 200);
    }
  });
}
