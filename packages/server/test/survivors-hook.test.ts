// The server bench's --survivors (bench/survivors-hook.ts): between two SIGUSR2 the sampling heap profile keeps what
// outlived a young-generation collection and leaves out what one collected, so it names what the collector copies.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { allocSummary, type HeapNode } from '../bench/alloc-profile.js';

const hook = fileURLToPath(new URL('../bench/survivors-hook.ts', import.meta.url));

// Allocates 2 MB it keeps and runs two minor collections (the kept arrays are copied, then promoted), then allocates
// 2 MB it drops and closes the window at once: no collection of the script's has judged those, the hook's own must.
const script = `
const kept = [];
function keepAlive() { for (let i = 0; i < 2000; i++) kept.push(new Array(128).fill(i)); }
function dieYoung() { let n = 0; for (let i = 0; i < 2000; i++) n += new Array(128).fill(i).length; return n; }
process.on('survivors-hook', (step) => {
  if (step === 'written') return process.exit(0);
  keepAlive();
  globalThis.gc({ type: 'minor' });
  globalThis.gc({ type: 'minor' });
  dieYoung();
  process.kill(process.pid, 'SIGUSR2');
});
process.kill(process.pid, 'SIGUSR2');
setInterval(() => {}, 1000);
`;

describe('bench --survivors hook', () => {
  it('profiles what outlives a scavenge, by the function that allocated it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'survivors-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'p.heapprofile');
    await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--import', hook, '--input-type=module', '-e', script],
      { env: { ...process.env, SURVIVORS_FILE: file, SURVIVORS_INTERVAL: '512' } },
    );
    const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
    const self = allocSummary(head, 1, 50, 'survived').filter((l) => !l.startsWith('---'));
    const kb = (fn: string) =>
      Number(
        self
          .find((l) => l.trim().split(' ')[1] === fn)
          ?.trim()
          .split(' ')[0] ?? 0,
      );
    expect(self[0]).toMatch(/^survived: /);
    expect(kb('keepAlive')).toBeGreaterThan(1000); // 2,000 arrays of 128 slots: about 2 MB kept
    expect(kb('dieYoung')).toBeLessThan(kb('keepAlive') / 20);
  });
});
