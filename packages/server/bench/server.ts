// `pnpm bench server [--matches N] [--rounds R]`: N concurrent bot matches on loopback against a real server process,
// bots playing random moves through the SDK (the server judges legality). Prints matches, rounds per second, p50/p99
// from the last lock-in to the round's result at both clients, bytes per client per round, memory per live match.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from '@colyseus/sdk';
import type { ServerMessages } from '@star-eater/protocol';
import { attachBot } from '../test/bot.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MATCHES = arg('matches', 100);
const MAX_ROUNDS = arg('rounds', 15);
const PORT = arg('port', 3400 + Math.floor(Math.random() * 500));

const dir = mkdtempSync(join(tmpdir(), 'se-bench-'));
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', main], {
  env: { ...process.env, PORT: String(PORT), SQLITE_PATH: join(dir, 'bench.sqlite'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stop);

const base = `http://127.0.0.1:${PORT}`;
const health = async () => (await (await fetch(`${base}/health`)).json()) as { memory: { rssBytes: number; heapUsedBytes: number }; liveMatches: number };
for (let i = 0; ; i++) {
  try {
    await health();
    break;
  } catch {
    if (i > 100) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const before = await health();

interface Side {
  room: Room;
  bytes: number;
}
/** Bytes received by all clients, by frame kind (patch, full state, each message type). */
const byKind: Record<string, number> = {};
const FRAME = { 10: 'join', 14: 'state', 15: 'patch', 18: 'ping' } as Record<number, string>;
function kindOf(b: Uint8Array): string {
  const code = b[0]! & 0x1f;
  if (code === 13 && (b[1]! & 0xe0) === 0xa0) return `msg:${new TextDecoder().decode(b.subarray(2, 2 + (b[1]! & 0x1f)))}`;
  return FRAME[code] ?? `code${code}`;
}
const latencies: number[] = [];
let rounds = 0;
let finished = 0;
const sides: Side[] = [];
const bots: ReturnType<typeof attachBot>[] = [];

async function playMatch(i: number): Promise<void> {
  const lockAt = new Map<number, number>();
  const arrivals = new Map<number, number>();
  const commits = new Map<number, number>();
  const pair: Side[] = [];
  const done = new Promise<void>((resolve) => {
    const join = async (k: number) => {
      const room = (await new Client(`ws://127.0.0.1:${PORT}`).joinOrCreate('match', { name: `bot${i}-${k}` })) as Room;
      const side: Side = { room, bytes: 0 };
      (room.connection.transport as unknown as { ws: WebSocket }).ws.addEventListener('message', (ev: MessageEvent) => {
        const n = (ev.data as ArrayBuffer).byteLength;
        side.bytes += n;
        const k = kindOf(new Uint8Array(ev.data as ArrayBuffer));
        byKind[k] = (byKind[k] ?? 0) + n;
      });
      pair.push(side);
      sides.push(side);
      const bot = attachBot(room, {
        seed: `bench-${i}-${k}`,
        aggressive: true,
        onCommit: (round) => {
          const n = (commits.get(round) ?? 0) + 1;
          commits.set(round, n);
          if (n >= 2) lockAt.set(round, performance.now());
        },
      });
      room.onMessage('events', (e: ServerMessages['events']) => {
        if (!e.done) return;
        const n = (arrivals.get(e.round) ?? 0) + 1;
        arrivals.set(e.round, n);
        if (n === 2) {
          const t = lockAt.get(e.round);
          if (t !== undefined) latencies.push(performance.now() - t);
          rounds += 1;
          if (e.round >= MAX_ROUNDS && k === 0) room.send('concede');
        }
      });
      bots.push(bot);
      room.onMessage('ended', () => {
        if (k === 0) {
          finished += 1;
          resolve();
        }
      });
    };
    void join(0).then(() => join(1));
  });
  await done;
  await Promise.all(pair.map((s) => s.room.leave(true).catch(() => {})));
}

const t0 = performance.now();
const games: Promise<void>[] = [];
for (let i = 0; i < MATCHES; i++) {
  games.push(playMatch(i));
  if (i % 20 === 19) await new Promise((r) => setTimeout(r, 20)); // pace the joins a little
}
// Memory with every match live: sample once most have reached their rounds.
let peak = before;
const sampler = setInterval(async () => {
  const h = await health().catch(() => null);
  if (h && h.liveMatches > 0 && h.memory.heapUsedBytes > peak.memory.heapUsedBytes) peak = h;
}, 250);
await Promise.all(games);
clearInterval(sampler);
const secs = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
const bytes = sides.reduce((s, x) => s + x.bytes, 0);
const out = {
  matches: MATCHES,
  finished,
  rounds,
  seconds: +secs.toFixed(2),
  roundsPerSecond: +(rounds / secs).toFixed(1),
  lockInToResultMs: { p50: +q(0.5).toFixed(2), p99: +q(0.99).toFixed(2) },
  bytesPerClientPerRound: Math.round(bytes / sides.length / Math.max(1, rounds / MATCHES)),
  bytesPerClientPerRoundByKind: Object.fromEntries(
    Object.entries(byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => [k, Math.round(n / sides.length / Math.max(1, rounds / MATCHES))]),
  ),
  heapPerLiveMatchKB: +((peak.memory.heapUsedBytes - before.memory.heapUsedBytes) / 1024 / Math.max(1, MATCHES)).toFixed(1),
  refusedBotMessages: Object.entries(
    bots.flatMap((b) => b.errors).reduce<Record<string, number>>((m, e) => ((m[`${e.type}:${e.code}`] = (m[`${e.type}:${e.code}`] ?? 0) + 1), m), {}),
  ),
  serverRssMB: +(peak.memory.rssBytes / 1048576).toFixed(1),
};
console.log(JSON.stringify(out, null, 2));
stop();
process.exit(0);
