// The bench's side of `pnpm bench server --survivors FILE` (the server's side: survivors-hook.ts): the hook to load,
// the end of its window, and its profile summarised in KB per round by allocating function (alloc-profile.ts).
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allocSummary, type HeapNode } from './alloc-profile.js';
import { sleep } from './procs.js';

/** The module the server loads (node --import) to sample what outlives a scavenge. */
export const SURVIVORS_HOOK = fileURLToPath(new URL('./survivors-hook.ts', import.meta.url));

/** Ends survivors-hook.ts's window and waits for its profile (written whole, then renamed into place). */
export async function survivorsProfile(server: ChildProcess, file: string): Promise<void> {
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  while (!existsSync(file)) {
    if (server.exitCode !== null) throw new Error(`--survivors: the server exited (${server.exitCode}) before ${file}`);
    await sleep(500);
  }
}

/** The profile in `file` as lines: what survived, KB per round over `rounds`. */
export function survivorsSummary(file: string, rounds: number): string[] {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
  return [
    `survived a young-generation collection in the window (${file}):`,
    ...allocSummary(head, rounds, 25, 'survived'),
  ];
}
