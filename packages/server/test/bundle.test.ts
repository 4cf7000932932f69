// The production build: `pnpm build` bundles the server with esbuild into dist/main.js, which plain node
// runs (no tsx), as the Docker image does: it serves /health, pairs two players and plays their match, and a SIGTERM
// (which reaches node itself) keeps the live match in its log and exits 0.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestClient } from './harness.js';
import { closeCode, quickMatchVia, spawnServer, stop, type ServerProcess } from './processes.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
let proc: ServerProcess | null = null;
const open: TestClient[] = [];

afterAll(async () => {
  await Promise.all(open.map((c) => c.leave()));
  await stop(proc);
});

describe('the production bundle', () => {
  it('builds, runs under plain node, plays a match and keeps it on SIGTERM', async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
    proc = await spawnServer('bundle', { bundle: true, env: { NODE_ENV: 'production' } });
    expect((await proc.health()).body).toMatchObject({ status: 'ok', storage: 'sqlite' });
    const a = await quickMatchVia(proc, 'Ada');
    const b = await quickMatchVia(proc, 'Bo');
    open.push(a, b);
    expect(b.room.roomId).toBe(a.room.roomId);
    await a.until(() => a.state.phase === 'factions', 'the match starts');
    const codes = [closeCode(a), closeCode(b)];
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(await Promise.all(codes)).toEqual([4010, 4010]);
    expect(proc.output()).toMatch(/match kept in its log/);
  });
});
